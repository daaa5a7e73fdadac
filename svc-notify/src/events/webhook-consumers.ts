import {
  buyerNoticeRequested,
  sellerNoticeRequested,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { consumeEvents, type EventConsumer, type NatsConnection } from '@onvelope/service-kit/nats';
import { startConsumers } from './start-consumers.js';
import {
  buyerQueryEventOf,
  buyerQueryReplyEventOf,
  orderEventsOf,
} from '../domain/webhook-events.js';
import { fanOutWebhooks, type FanOutDeps } from '../use-cases/fan-out-webhooks.js';

/** The webhooks' own durable consumers, shared by replicas, beside the mails' ones. */
export const webhookEntryChangesConsumerName = 'svc-notify-webhooks-entry-changes';
export const webhookSellerNoticesConsumerName = 'svc-notify-webhooks-seller-notices';
export const webhookBuyerNoticesConsumerName = 'svc-notify-webhooks-buyer-notices';

/**
 * Issue 35: the facts a seller's endpoints hear of. Orders' changes (created, updated, shipped,
 * delivered, a delivery problem), a buyer's query (svc-orders' `buyer_query` notice to the seller)
 * and the seller's reply (the `query_reply` notice to the buyer). Consumers of their own, so a
 * slow endpoint or a busy fan-out never delays a mail, and the other way round. They start at what
 * is published from when they are first made: an endpoint hears of what happens while it exists,
 * not of the streams' history. A message is acknowledged once its deliveries are stored.
 */
export async function consumeWebhookEvents(
  nats: NatsConnection,
  deps: FanOutDeps & { log: Logger },
): Promise<EventConsumer> {
  return startConsumers([
    () =>
      consumeEvents(
        nats,
        trackingEntryUpserted,
        webhookEntryChangesConsumerName,
        ({ payload }) =>
          fanOutWebhooks(
            deps,
            payload.accountId,
            payload.changes.flatMap((change) => orderEventsOf(payload.accountId, change)),
          ),
        deps.log,
        { startAt: 'new' },
      ),
    () =>
      consumeEvents(
        nats,
        sellerNoticeRequested,
        webhookSellerNoticesConsumerName,
        async ({ payload }) => {
          if (payload.notice.kind !== 'buyer_query') return;
          await fanOutWebhooks(deps, payload.accountId, [
            buyerQueryEventOf(payload.accountId, payload.notice, payload.requestedAt),
          ]);
        },
        deps.log,
        { startAt: 'new' },
      ),
    () =>
      consumeEvents(
        nats,
        buyerNoticeRequested,
        webhookBuyerNoticesConsumerName,
        ({ payload }) =>
          fanOutWebhooks(deps, payload.accountId, [
            buyerQueryReplyEventOf(
              payload.accountId,
              payload.notice,
              payload.to,
              payload.requestedAt,
            ),
          ]),
        deps.log,
        { startAt: 'new' },
      ),
  ]);
}
