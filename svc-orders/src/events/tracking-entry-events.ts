import { trackingEntryDeleted, trackingEntryUpserted, type PayloadOf } from '@onvelope/contracts';
import { ensureStream, publishEvent, type NatsConnection } from '@onvelope/service-kit';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';

export type TrackingEntryChange = PayloadOf<typeof trackingEntryUpserted>;
export type TrackingEntryRemoval = PayloadOf<typeof trackingEntryDeleted>;

/**
 * Publishes that a tracking entry changed. The message id is the entry and its version, so a
 * retried publish of the same change is dropped by JetStream and consumers see it once.
 */
export function publishTrackingEntryUpserted(nats: NatsConnection, change: TrackingEntryChange) {
  return publishEvent(nats, trackingEntryUpserted, change, `${change.entryId}:${change.version}`);
}

/** Publishes that an entry was deleted; an entry is deleted once, so its id is the message id. */
export function publishTrackingEntryDeleted(nats: NatsConnection, removal: TrackingEntryRemoval) {
  return publishEvent(nats, trackingEntryDeleted, removal, `${removal.entryId}:deleted`);
}

/** What `changeOf` reads of a stored entry. */
export type ChangedEntry = Pick<
  TrackingEntryDocument,
  | '_id'
  | 'accountId'
  | 'orderNumber'
  | 'status'
  | 'source'
  | 'orderDate'
  | 'shippingCountry'
  | 'itemTotal'
  | 'version'
  | 'updatedAt'
>;

/** The upserted event of an entry as it is stored now. */
export function changeOf(entry: ChangedEntry): TrackingEntryChange {
  return {
    accountId: entry.accountId,
    entryId: String(entry._id),
    orderNumber: entry.orderNumber,
    status: entry.status,
    source: entry.source,
    orderDate: entry.orderDate ? entry.orderDate.toISOString() : null,
    shippingCountry: entry.shippingCountry ?? null,
    itemTotal: entry.itemTotal ?? null,
    version: entry.version,
    changedAt: entry.updatedAt.toISOString(),
  };
}

/**
 * Publishes many events at once: JetStream pipelines the publishes, so a batch costs about one
 * round trip instead of one per entry. Callers pass bounded batches (an import batch, a page of
 * deletions), never a whole account.
 */
export async function publishAll<T>(
  items: readonly T[],
  publish: (item: T) => Promise<unknown>,
): Promise<void> {
  await Promise.all(items.map(publish));
}

export const ensureOrdersStream = (nats: NatsConnection) =>
  ensureStream(nats, trackingEntryUpserted.stream);
