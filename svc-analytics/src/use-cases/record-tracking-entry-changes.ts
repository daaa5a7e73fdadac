import type { Model } from 'mongoose';
import type { PayloadOf, trackingEntryUpserted } from '@onvelope/contracts';
import { bulkWriteFailuresOf, isDuplicateKeyError } from '@onvelope/service-kit';
import type { OrderFact } from '../data/order-fact.model.js';

type Changes = PayloadOf<typeof trackingEntryUpserted>;

type FactWrite = Parameters<Model<OrderFact>['bulkWrite']>[0][number];

/**
 * Runs the writes unordered; answers how many facts changed and the writes that met a duplicate
 * key (an upsert that found no fact older than its change, and then found the `_id` taken).
 */
async function writeFacts(facts: Model<OrderFact>, operations: FactWrite[]) {
  try {
    const result = await facts.bulkWrite(operations, {
      ordered: false,
      // Otherwise mongoose leaves out a write it cannot cast and reports success.
      throwOnValidationError: true,
    });
    return { changed: result.modifiedCount + result.upsertedCount, collided: [] };
  } catch (error) {
    const { result } = error as { result?: { modifiedCount: number; upsertedCount: number } };
    const failures = bulkWriteFailuresOf(error);
    if (!result || !failures.length || !failures.every(isDuplicateKeyError)) {
      throw error;
    }
    return {
      changed: result.modifiedCount + result.upsertedCount,
      collided: failures.map(({ index }) => operations[index]!),
    };
  }
}

/**
 * Keeps the newest known state of each entry, with one unordered bulk write for the event. A
 * change applies only over an older version. When its upsert meets a duplicate key, either the
 * fact is newer (a redelivered or older change, or a deletion's tombstone, which carries the highest
 * version) or another instance created the fact a moment before; so those writes run once more,
 * now that the fact exists, and the version guard decides. Answers how many facts changed.
 */
export async function recordTrackingEntryChanges(
  facts: Model<OrderFact>,
  { accountId, changes }: Changes,
): Promise<number> {
  const operations: FactWrite[] = changes.map((change) => ({
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
  const first = await writeFacts(facts, operations);
  if (!first.collided.length) return first.changed;
  // A second collision means the fact is at least as new as the change: nothing to do.
  return first.changed + (await writeFacts(facts, first.collided)).changed;
}
