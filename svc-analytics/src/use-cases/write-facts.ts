import type { mongo } from 'mongoose';
import { bulkWriteFailuresOf, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import type { OrderFact, OrderFactModel } from '../data/order-fact.model.js';

/** Rounds of read-then-write before a message is left for redelivery. */
export const MAX_WRITE_ROUNDS = 5;

/**
 * Runs one round of compare-and-set writes of facts, unordered, through the driver: the facts are
 * built by the caller with their final types, and mongoose casting a thousand documents with their
 * items costs more than writing them. `updates` is how many of `operations` must match a stored
 * revision. Answers whether any met a duplicate key (a fact inserted in between) or a moved
 * revision (a fact changed in between): then the caller reads those facts again and retries.
 */
export async function writeFacts(
  facts: OrderFactModel,
  operations: mongo.AnyBulkWriteOperation<OrderFact>[],
  updates: number,
): Promise<{ raced: boolean }> {
  try {
    const result = await facts.collection.bulkWrite(operations as mongo.AnyBulkWriteOperation[], {
      ordered: false,
    });
    return { raced: result.matchedCount < updates };
  } catch (error) {
    const failures = bulkWriteFailuresOf(error);
    if (!failures.length || !failures.every(isDuplicateKeyError)) throw error;
    return { raced: true };
  }
}
