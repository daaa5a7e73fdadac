import { countCustomerClaims } from '@onvelope/contracts';
import { requestCommand } from '@onvelope/service-kit/nats';
import type { AuthDeps } from '../deps.js';

/** A profile waits this long at most for the count: signing in must not hang on svc-orders. */
const ORDER_COUNT_TIMEOUT_MS = 2_000;

/**
 * How many orders the buyer has claimed, asked of svc-orders (which owns claims); null when it
 * cannot answer just then, so the profile still loads.
 */
export async function claimedOrderCountOf(
  deps: Pick<AuthDeps, 'nats' | 'log'>,
  customerId: string,
): Promise<number | null> {
  try {
    const { orderCount } = await requestCommand(
      deps.nats,
      countCustomerClaims,
      { customerId },
      ORDER_COUNT_TIMEOUT_MS,
    );
    return orderCount;
  } catch (error) {
    deps.log.warn({ err: error }, 'claimed order count unavailable');
    return null;
  }
}
