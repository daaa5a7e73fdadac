import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { bulkWriteFailuresOf, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
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

interface BulkCounts {
  insertedCount?: number;
  matchedCount?: number;
  upsertedCount?: number;
  upsertedIds?: UpsertedIds;
}

/**
 * The database stopped answering in the middle of a batch (no write error says where): `stored`
 * are the writes known to be stored; of `unknown` any may or may not be, unless `checked`: the
 * database was asked afterwards, and none of them is.
 */
export class WriteCutError<W extends OrderedWrite = OrderedWrite> extends Error {
  constructor(
    readonly stored: W[],
    readonly unknown: W[],
    override readonly cause: unknown,
    readonly checked = false,
  ) {
    super('the database stopped answering during a bulk write');
  }
}

export interface OrderedWriteOutcome<W> {
  /** Writes that met a duplicate key and had no other form. */
  skipped: Set<W>;
  /** Writes the server refused for another reason, with its message; the rest went on. */
  failed: Map<W, string>;
  /** Writes that ran as their `onDuplicate` form. */
  replaced: Set<W>;
  /** Of those, the ones that created their document after all (nobody had stored it). */
  createdByUpsert: Set<W>;
  /** Documents inserted, matched or upserted in all. */
  stored: number;
}

/**
 * Runs a batch's writes in order with the driver, in one bulk write while nothing collides (the
 * documents are built complete; casting 1,000 of them through mongoose would cost more than the
 * write). A write meeting a duplicate key is skipped unless it has an `onDuplicate` form; then it
 * and every later write that has one run in that form from there on: a collision means another
 * writer is storing the same orders, and trying the rest one collision at a time would resend the
 * rest of the batch once for each row. A write the server refuses otherwise fails alone and the
 * rest go on. An error that names no write (the connection went) throws a `WriteCutError` saying
 * which writes are known to be stored.
 */
export async function writeInOrder<W extends OrderedWrite>(
  model: Model<TrackingEntryDocument>,
  writes: W[],
): Promise<OrderedWriteOutcome<W>> {
  const skipped = new Set<W>();
  const failed = new Map<W, string>();
  const converted = new Set<W>();
  const createdByUpsert = new Set<W>();
  let stored = 0;
  const note = (counts: BulkCounts | undefined, offset: number) => {
    stored += (counts?.insertedCount ?? 0) + (counts?.matchedCount ?? 0);
    stored += counts?.upsertedCount ?? 0;
    for (const index of Object.keys(counts?.upsertedIds ?? {})) {
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
      note(result, start);
      break;
    } catch (error) {
      const [failure] = bulkWriteFailuresOf(error);
      const write = failure && writes[start + failure.index];
      if (!failure || !write) {
        const unsettled = new Set([...skipped, ...failed.keys()]);
        throw new WriteCutError(
          writes.slice(0, start).filter((done) => !unsettled.has(done)),
          writes.slice(start),
          error,
        );
      }
      note((error as { result?: BulkCounts }).result, start);
      if (isDuplicateKeyError(failure) && write.onDuplicate) {
        for (const later of writes.slice(start + failure.index)) {
          if (!later.onDuplicate) continue;
          later.operation = later.onDuplicate();
          delete later.onDuplicate;
          converted.add(later);
        }
        start += failure.index;
      } else {
        if (isDuplicateKeyError(failure)) skipped.add(write);
        else failed.set(write, (failure as { errmsg?: string }).errmsg ?? 'write refused');
        start += failure.index + 1;
      }
    }
  }
  for (const write of [...skipped, ...failed.keys()]) converted.delete(write);
  return { skipped, failed, replaced: converted, createdByUpsert, stored };
}
