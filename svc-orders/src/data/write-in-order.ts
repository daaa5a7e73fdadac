import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { bulkWriteFailuresOf, isDuplicateKeyError } from '@onvelope/service-kit';
import type { TrackingEntryDocument } from './tracking-entry.model.js';

export interface OrderedWrite {
  operation: AnyBulkWriteOperation;
  /**
   * What to run instead when the operation meets a duplicate key: an insert's upsert form, for an
   * order another writer created meanwhile. Without it the write is skipped.
   */
  onDuplicate?: () => AnyBulkWriteOperation;
}

/** The upserts of a bulk write that created their document, by index in that write. */
type UpsertedIds = Record<number, unknown>;

/**
 * Runs a batch's writes in order with the driver, in one bulk write while nothing collides (the
 * documents are built complete; casting 1,000 of them through mongoose would cost more than the
 * write). A write meeting a duplicate key is skipped unless it has an `onDuplicate` form; then it
 * and every later write that has one run in that form from there on: a collision means another
 * writer is storing the same orders, and trying the rest one collision at a time would resend the
 * rest of the batch once for each row. Answers which writes were skipped, which ran as their
 * `onDuplicate`, and which of those created their document after all (nobody had stored it).
 */
export async function writeInOrder<W extends OrderedWrite>(
  model: Model<TrackingEntryDocument>,
  writes: W[],
): Promise<{ skipped: Set<W>; replaced: Set<W>; createdByUpsert: Set<W> }> {
  const skipped = new Set<W>();
  const converted = new Set<W>();
  const createdByUpsert = new Set<W>();
  const noteUpserts = (upsertedIds: UpsertedIds | undefined, offset: number) => {
    for (const index of Object.keys(upsertedIds ?? {})) {
      const write = writes[offset + Number(index)];
      if (write) createdByUpsert.add(write);
    }
  };
  let start = 0;
  while (start < writes.length) {
    try {
      const result = await model.collection.bulkWrite(
        writes.slice(start).map((write) => write.operation) as Parameters<
          typeof model.collection.bulkWrite
        >[0],
        { ordered: true },
      );
      noteUpserts(result.upsertedIds, start);
      break;
    } catch (error) {
      const [failed] = bulkWriteFailuresOf(error);
      const write = failed && writes[start + failed.index];
      if (!failed || !isDuplicateKeyError(failed) || !write) throw error;
      noteUpserts((error as { result?: { upsertedIds?: UpsertedIds } }).result?.upsertedIds, start);
      if (write.onDuplicate) {
        for (const later of writes.slice(start + failed.index)) {
          if (!later.onDuplicate) continue;
          later.operation = later.onDuplicate();
          delete later.onDuplicate;
          converted.add(later);
        }
        start += failed.index;
      } else {
        skipped.add(write);
        start += failed.index + 1;
      }
    }
  }
  for (const write of skipped) converted.delete(write);
  return { skipped, replaced: converted, createdByUpsert };
}
