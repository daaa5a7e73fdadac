import type { Model } from 'mongoose';
import type { PayloadOf, trackingEntryUpserted } from '@onvelope/contracts';
import type { OrderFact } from '../data/order-fact.model.js';

type Changes = PayloadOf<typeof trackingEntryUpserted>;

const DUPLICATE_KEY = 11000;

interface BulkWriteFailure {
  writeErrors?: { code: number } | { code: number }[];
  result?: { modifiedCount: number; upsertedCount: number };
}

/**
 * Keeps the newest known state of each entry, with one unordered bulk write for the event. A
 * redelivered or older change matches no document with a lower version, and its upsert collides
 * with the existing `_id` (a duplicate key, counted as nothing while the other writes go on), so
 * it changes nothing; the same holds after a deletion, whose tombstone carries the highest
 * version. Answers how many facts changed.
 */
export async function recordTrackingEntryChanges(
  facts: Model<OrderFact>,
  { accountId, changes }: Changes,
): Promise<number> {
  const operations = changes.map((change) => ({
    updateOne: {
      filter: { _id: change.entryId, version: { $lt: change.version } },
      update: {
        $set: {
          accountId,
          orderNumber: change.orderNumber,
          status: change.status,
          source: change.source,
          orderDate: change.orderDate ? new Date(change.orderDate) : null,
          shippingCountry: change.shippingCountry,
          itemTotal: change.itemTotal,
          version: change.version,
          changedAt: new Date(change.changedAt),
          deletedAt: null,
        },
      },
      upsert: true,
    },
  }));
  try {
    const result = await facts.bulkWrite(operations, {
      ordered: false,
      // Otherwise mongoose leaves out a write it cannot cast and reports success.
      throwOnValidationError: true,
    });
    return result.modifiedCount + result.upsertedCount;
  } catch (error) {
    const { writeErrors, result } = error as BulkWriteFailure;
    const failures = writeErrors === undefined ? [] : [writeErrors].flat();
    if (!result || !failures.length || failures.some(({ code }) => code !== DUPLICATE_KEY)) {
      throw error;
    }
    return result.modifiedCount + result.upsertedCount;
  }
}
