import type { Model } from 'mongoose';
import { trackingEntryDeleted, trackingEntryUpserted } from '@onvelope/contracts';
import {
  consumeEvents,
  type EventConsumer,
  type Logger,
  type NatsConnection,
} from '@onvelope/service-kit';
import type { OrderFact } from '../data/order-fact.model.js';
import { forgetTrackingEntries } from '../use-cases/forget-tracking-entries.js';
import { recordTrackingEntryChanges } from '../use-cases/record-tracking-entry-changes.js';

/** One durable consumer per subject for all svc-analytics instances; they share the work. */
export const trackingEntryConsumerName = 'svc-analytics-entry-changes';
export const trackingEntryDeletionConsumerName = 'svc-analytics-entry-deletions';

/**
 * Keeps the order facts in step with svc-orders. Changes and deletions come through two consumers,
 * so their relative order is not guaranteed: deletions leave tombstones that outrank any change.
 */
export async function consumeTrackingEntryChanges(
  nats: NatsConnection,
  facts: Model<OrderFact>,
  log: Logger,
): Promise<EventConsumer> {
  const changes = await consumeEvents(
    nats,
    trackingEntryUpserted,
    trackingEntryConsumerName,
    async ({ payload }) => {
      await recordTrackingEntryChanges(facts, payload);
    },
    log,
  );
  const deletions = await consumeEvents(
    nats,
    trackingEntryDeleted,
    trackingEntryDeletionConsumerName,
    ({ payload }) => forgetTrackingEntries(facts, payload),
    log,
  ).catch(async (error: unknown) => {
    await changes.stop();
    throw error;
  });
  return {
    async stop() {
      await Promise.all([changes.stop(), deletions.stop()]);
    },
  };
}
