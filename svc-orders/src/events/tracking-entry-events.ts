import { trackingEntryUpserted, type PayloadOf } from '@onvelope/contracts';
import { ensureStream, publishEvent, type NatsConnection } from '@onvelope/service-kit';

export type TrackingEntryChange = PayloadOf<typeof trackingEntryUpserted>;

/**
 * Publishes that a tracking entry changed. The message id is the entry and its version, so a
 * retried publish of the same change is dropped by JetStream and consumers see it once.
 */
export function publishTrackingEntryUpserted(nats: NatsConnection, change: TrackingEntryChange) {
  return publishEvent(nats, trackingEntryUpserted, change, `${change.entryId}:${change.version}`);
}

export const ensureOrdersStream = (nats: NatsConnection) =>
  ensureStream(nats, trackingEntryUpserted.stream);
