import {
  buyerNoticeRequested,
  sellerNoticeRequested,
  sellerProfileChanged,
  sellerTimeZoneChanged,
  trackingEntryDeleted,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { consumeEvents, type EventConsumer, type NatsConnection } from '@onvelope/service-kit/nats';
import { startConsumers } from './start-consumers.js';
import {
  forgetEntries,
  planNotifications,
  type PlanDeps,
} from '../use-cases/plan-notifications.js';
import { recordBuyerNotice, type BuyerNoticeDeps } from '../use-cases/record-buyer-notice.js';
import {
  recordSellerNotice,
  wakeMessagesAwaitingAddress,
  type SellerNoticeDeps,
} from '../use-cases/record-seller-notice.js';
import type { SellerFactsReader } from '../use-cases/seller-facts.js';

/** One durable consumer per subject for all svc-notify instances; they share the work. */
export const entryChangesConsumerName = 'svc-notify-entry-changes';
export const entryDeletionsConsumerName = 'svc-notify-entry-deletions';
export const sellerProfilesConsumerName = 'svc-notify-seller-profiles';
export const timeZonesConsumerName = 'svc-notify-time-zones';
export const sellerNoticesConsumerName = 'svc-notify-seller-notices';
export const buyerNoticesConsumerName = 'svc-notify-buyer-notices';

/**
 * Orders' changes decide the messages; svc-auth's seller events keep the seller projection;
 * other services' requests become messages to the seller (`notify.seller-notice.requested`) or to
 * one of the seller's buyers (`notify.buyer-notice.requested`: the seller's reply to a query). A
 * message is acknowledged once its decisions are in the outbox, so nothing decided is lost with
 * this process, and a redelivery finds them there (the outbox's unique key). The order consumers
 * start at changes made after svc-notify first ran: the orders stream's history is not work for a
 * notifier deployed after it (no buyer is mailed about it, and reading it all first delayed every
 * new mail by as long; the full test suite's orders timed its tests out). The notices' consumers
 * start at the first request the NOTIFY stream keeps: each is work a service asked for, and one
 * asked before svc-notify first ran is still owed.
 */
export async function consumeNotifyEvents(
  nats: NatsConnection,
  deps: {
    plan: PlanDeps;
    notices: SellerNoticeDeps;
    buyerNotices: BuyerNoticeDeps;
    sellers: SellerFactsReader;
    log: Logger;
  },
): Promise<EventConsumer> {
  return startConsumers([
    () =>
      consumeEvents(
        nats,
        trackingEntryUpserted,
        entryChangesConsumerName,
        ({ payload }) => planNotifications(deps.plan, payload),
        deps.log,
        { startAt: 'new' },
      ),
    () =>
      consumeEvents(
        nats,
        trackingEntryDeleted,
        entryDeletionsConsumerName,
        ({ payload }) => forgetEntries(deps.plan, payload),
        deps.log,
        { startAt: 'new' },
      ),
    () =>
      consumeEvents(
        nats,
        sellerProfileChanged,
        sellerProfilesConsumerName,
        async ({ payload }) => {
          await deps.sellers.profileChanged(payload);
          await wakeMessagesAwaitingAddress(deps.notices, payload.accountId);
        },
        deps.log,
      ),
    () =>
      consumeEvents(
        nats,
        sellerTimeZoneChanged,
        timeZonesConsumerName,
        ({ payload }) => deps.sellers.timeZoneChanged(payload),
        deps.log,
      ),
    () =>
      consumeEvents(
        nats,
        sellerNoticeRequested,
        sellerNoticesConsumerName,
        ({ payload }) => recordSellerNotice(deps.notices, payload),
        deps.log,
      ),
    () =>
      consumeEvents(
        nats,
        buyerNoticeRequested,
        buyerNoticesConsumerName,
        ({ payload }) => recordBuyerNotice(deps.buyerNotices, payload),
        deps.log,
      ),
  ]);
}
