import type { Model } from 'mongoose';
import type { PayloadOf, trackingEntryUpserted } from '@onvelope/contracts';
import type { OrderFact } from '../data/order-fact.model.js';

type Change = PayloadOf<typeof trackingEntryUpserted>;

/**
 * Keeps the newest known state of an entry. A redelivered or older message matches no document
 * with a lower version, and its upsert collides with the existing `_id`, so it changes nothing;
 * the same holds after a deletion, whose tombstone carries the highest version.
 */
export async function recordTrackingEntryChange(
  facts: Model<OrderFact>,
  change: Change,
): Promise<boolean> {
  const fact = {
    accountId: change.accountId,
    orderNumber: change.orderNumber,
    status: change.status,
    source: change.source,
    orderDate: change.orderDate ? new Date(change.orderDate) : null,
    shippingCountry: change.shippingCountry,
    itemTotal: change.itemTotal,
    version: change.version,
    changedAt: new Date(change.changedAt),
    deletedAt: null,
  };
  try {
    const result = await facts.updateOne(
      { _id: change.entryId, version: { $lt: change.version } },
      { $set: fact },
      { upsert: true },
    );
    return result.modifiedCount + result.upsertedCount > 0;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}
