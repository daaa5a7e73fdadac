import { conflict, notFound } from '@onvelope/service-kit/errors';
import type { EntryFields, TrackingEntryWrites } from '../data/tracking-entry-writes.js';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';

export const orderMessages = {
  notFound: (orderNumber: string) => `Order ${orderNumber} not found`,
  changedMeanwhile: (orderNumber: string) =>
    `Order ${orderNumber} changed while it was being saved; please try again`,
} as const;

// A concurrent change (an import, a rules job, a carrier report) between reading and writing the
// order is rare; a few fresh attempts absorb it.
const ATTEMPTS = 3;

/**
 * One change of one of the seller's orders: the order is read (404 when the seller has none by
 * that number), `change` decides what to set from it (or throws to refuse), and the write lands
 * only if the order is still as read, through the one writer (search text, event, history).
 * Answers the order after the change.
 */
export async function changeSellersOrder(
  entries: TrackingEntryWrites,
  orderNumber: string,
  change: (current: TrackingEntryDocument, now: Date) => EntryFields,
  changedMeanwhile = orderMessages.changedMeanwhile(orderNumber),
): Promise<TrackingEntryDocument> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const current = await entries.scoped.findOne({ orderNumber }).lean<TrackingEntryDocument>();
    if (!current) throw notFound(orderMessages.notFound(orderNumber));
    const now = new Date();
    const updated = await entries.updateOne(current, change(current, now), now);
    if (updated) return updated;
  }
  throw conflict(changedMeanwhile);
}
