import type { Model } from 'mongoose';
import { trackingEntryUpserted } from '@onvelope/contracts';
import { consumeEvents, type Logger, type NatsConnection } from '@onvelope/service-kit';
import type { OrderFact } from '../data/order-fact.model.js';
import { recordTrackingEntryChange } from '../use-cases/record-tracking-entry-change.js';

/** One durable consumer for all svc-analytics instances; they share the stream's work. */
export const trackingEntryConsumerName = 'svc-analytics-tracking-entries';

export function consumeTrackingEntryChanges(
  nats: NatsConnection,
  facts: Model<OrderFact>,
  log: Logger,
) {
  return consumeEvents(
    nats,
    trackingEntryUpserted,
    trackingEntryConsumerName,
    async ({ payload }) => {
      await recordTrackingEntryChange(facts, payload);
    },
    log,
  );
}
