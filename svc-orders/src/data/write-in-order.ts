import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { bulkWriteFailuresOf, isDuplicateKeyError } from '@onvelope/service-kit';
import type { TrackingEntryDocument } from './tracking-entry.model.js';

export interface OrderedWrite {
  operation: AnyBulkWriteOperation;
  /**
   * What to run instead, once, when the operation meets a duplicate key: an insert's upsert form,
   * for an order another writer created meanwhile. Without it the write is skipped.
   */
  onDuplicate?: () => AnyBulkWriteOperation;
}

/**
 * Runs a batch's writes in order with the driver, in one bulk write while nothing collides (the
 * documents are built complete; casting 1,000 of them through mongoose would cost more than the
 * write). A write meeting a duplicate key is replaced by its `onDuplicate` form or skipped, and the
 * writes after it carry on. Answers which writes were skipped and which ran as their `onDuplicate`
 * (a write whose `onDuplicate` collided too is skipped only).
 */
export async function writeInOrder<W extends OrderedWrite>(
  model: Model<TrackingEntryDocument>,
  writes: W[],
): Promise<{ skipped: Set<W>; replaced: Set<W> }> {
  const skipped = new Set<W>();
  const replaced = new Set<W>();
  let start = 0;
  while (start < writes.length) {
    try {
      await model.collection.bulkWrite(
        writes.slice(start).map((write) => write.operation) as Parameters<
          typeof model.collection.bulkWrite
        >[0],
        { ordered: true },
      );
      return { skipped, replaced };
    } catch (error) {
      const [failed] = bulkWriteFailuresOf(error);
      const write = failed && writes[start + failed.index];
      if (!failed || !isDuplicateKeyError(failed) || !write) throw error;
      if (write.onDuplicate) {
        write.operation = write.onDuplicate();
        delete write.onDuplicate;
        replaced.add(write);
        start += failed.index;
      } else {
        skipped.add(write);
        replaced.delete(write);
        start += failed.index + 1;
      }
    }
  }
  return { skipped, replaced };
}
