import { billingAccessStream, trialDays, type BillingAccessState } from '@onvelope/contracts';
import { connectNats, ensureStream } from '@onvelope/service-kit/nats';
import { publishBillingState as publish } from '@onvelope/service-kit/billing';

/**
 * Publishes an account's billing state on BILLING_ACCESS as svc-billing would, so a service under
 * test opens or closes that account's workspace exactly as in production.
 *
 * @example
 * await publishBillingState(natsUrl, { accountId: 'acct-a', version: 2, trialEnd: yesterday, subscriptionStatus: null, graceUntil: null });
 */
export async function publishBillingState(
  natsUrl: string,
  state: BillingAccessState,
): Promise<void> {
  const nats = await connectNats(natsUrl, 'testkit-billing');
  try {
    await ensureStream(nats, billingAccessStream);
    await publish(nats, state);
  } finally {
    await nats.close();
  }
}

/** The state of a seller in the first day of their free trial. */
export const trialRunning = (accountId: string, now = new Date()): BillingAccessState => ({
  accountId,
  version: 1,
  trialEnd: new Date(now.getTime() + trialDays * 24 * 60 * 60_000).toISOString(),
  subscriptionStatus: null,
  graceUntil: null,
});
