import { DEFAULT_TIME_ZONE, getSellerTimeZone, sellerTimeZoneChanged } from '@onvelope/contracts';
import { publishEvent, serveCommand } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { AuthDeps } from '../deps.js';

/** Answers svc-analytics' `auth.sellerTimeZone`: the default for a seller without one (or unknown). */
export function serveSellerTimeZone(deps: Pick<AuthDeps, 'nats' | 'sellers' | 'log'>) {
  return serveCommand(
    deps.nats,
    getSellerTimeZone,
    'svc-auth',
    async ({ accountId }) => {
      const seller = await forAccount(deps.sellers, accountId)
        .findOne()
        .select({ timeZone: 1 })
        .lean();
      return { timeZone: seller?.timeZone ?? DEFAULT_TIME_ZONE };
    },
    deps.log,
  );
}

/**
 * Tells svc-analytics to recount the seller's days. Only a prompt: svc-analytics asks the zone
 * itself each time it counts, so a lost event delays the recount to the seller's next order
 * change; the settings change never fails for it.
 */
export async function announceTimeZoneChange(
  deps: Pick<AuthDeps, 'nats' | 'log'>,
  accountId: string,
  timeZone: string,
): Promise<void> {
  try {
    await publishEvent(
      deps.nats,
      sellerTimeZoneChanged,
      { accountId, timeZone },
      `${accountId}:${timeZone}:${Date.now()}`,
    );
  } catch (error) {
    deps.log.warn({ err: error, accountId }, 'time zone change not announced');
  }
}
