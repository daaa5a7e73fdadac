import type { Connection } from 'mongoose';
import { type Logger } from '@onvelope/service-kit/observability';
import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import {
  countedStatuses,
  countedStatusOf,
  statusCountsOf,
  type StatusCounts,
  type StatusTally,
} from '../domain/status-tally.js';
import { hasWritesUnderWay } from './tracking-entry-outbox.js';
import { trackingEntryModel } from './tracking-entry.model.js';

/**
 * A seller's orders by status (collection `seller_order_counters`, one document per account, its
 * `_id` the account): what the summary and the list's totals read, so neither counts the seller's
 * orders (issue 41). Kept by the one writer of entries (`tracking-entry-writes.ts`), which adds what
 * each write changes before the write's outbox record is settled; repaired by a recount.
 */
interface CountersDocument {
  _id: string;
  counts: Partial<StatusCounts>;
  /** + 1 with every change the writer adds: a recount stores its counts only if none came meanwhile. */
  writes: number;
  /** When the counts were last recounted; null until the first recount succeeded. */
  countedAt: Date | null;
  /** A write could not tell what it changed: recount soon. */
  suspect: boolean;
}

const COLLECTION = 'seller_order_counters';
const countersOf = (db: Connection) => db.collection<CountersDocument>(COLLECTION);

/**
 * Adds a batch's changes to the seller's counters (nothing when it changed no status). Counters
 * not yet counted are left alone: their first recount counts the batch's entries.
 */
export async function countStatusChanges(
  db: Connection,
  accountId: string,
  { deltas, doubtful }: StatusTally,
): Promise<void> {
  const $inc: Record<string, number> = { writes: 1 };
  for (const [status, by] of Object.entries(deltas)) $inc[`counts.${status}`] = by;
  if (Object.keys($inc).length === 1 && !doubtful) return;
  await countersOf(db).updateOne(
    { _id: accountId },
    { $inc, ...(doubtful ? { $set: { suspect: true } } : {}) },
  );
}

/** The seller's orders by status, counted from the entries themselves (the old, linear way). */
async function liveCountsOf(db: Connection, accountId: string): Promise<StatusCounts> {
  const entries = trackingEntryModel(db);
  const groups = await entries.aggregate<{ _id: string; count: number }>([
    { $match: forAccount(entries, accountId).scope() },
    { $group: { _id: '$status', count: { $sum: 1 } } },
  ]);
  const counts = statusCountsOf();
  for (const group of groups) counts[countedStatusOf(String(group._id))] += group.count;
  return counts;
}

/**
 * Counts the seller's orders again and stores the counts, unless a write could have been missed:
 * one under way (its entries may be stored and its changes not yet counted), or one counted
 * meanwhile (`writes` moved). Answers the counts stored, or null when it stored none (try later).
 * Creates the seller's counters on first use; from then on the writer keeps them.
 */
export async function recountSellerCounters(
  db: Connection,
  accountId: string,
): Promise<StatusCounts | null> {
  const counters = countersOf(db);
  await counters
    .updateOne(
      { _id: accountId },
      { $setOnInsert: { counts: {}, writes: 0, countedAt: null, suspect: false } },
      { upsert: true },
    )
    .catch((error: unknown) => {
      // Two first uses at once: the other created it.
      if (!isDuplicateKeyError(error)) throw error;
    });
  const before = await counters.findOne({ _id: accountId });
  if (!before || (await hasWritesUnderWay(db, accountId))) return null;
  const counts = await liveCountsOf(db, accountId);
  // A write that opened its record after this check stores its entries after the count, and its
  // change moves `writes` (the store below then fails) or lands after it (and adds to it).
  if (await hasWritesUnderWay(db, accountId)) return null;
  const { matchedCount } = await counters.updateOne(
    { _id: accountId, writes: before.writes },
    { $set: { counts, countedAt: new Date(), suspect: false } },
  );
  return matchedCount ? counts : null;
}

/**
 * The seller's orders by status: the counters, counted on first use; while they cannot be (a
 * write under way at the first use), counted from the entries for this call.
 */
export async function sellerStatusCounts(db: Connection, accountId: string): Promise<StatusCounts> {
  const stored = await countersOf(db).findOne({ _id: accountId });
  if (stored?.countedAt) return statusCountsOf(stored.counts);
  return (await recountSellerCounters(db, accountId)) ?? liveCountsOf(db, accountId);
}

/** How many orders the counts hold in all. */
export const totalOf = (counts: StatusCounts) =>
  countedStatuses.reduce((sum, status) => sum + counts[status], 0);

export interface CounterRepair {
  stop(): Promise<void>;
}

/**
 * Recounts, every `everyMs`, the counters a write left in doubt, those never counted, and those
 * not recounted for `fullEveryMs` (a write whose changes were lost: a process that died between
 * storing entries and counting them, a status changed by a racing writer). Up to `batch` sellers a
 * round; a seller with a write under way waits for the next round.
 */
export function startCounterRepair({
  db,
  log,
  everyMs = 15_000,
  fullEveryMs = 60 * 60_000,
  batch = 100,
}: {
  db: Connection;
  log: Logger;
  everyMs?: number;
  fullEveryMs?: number;
  batch?: number;
}): CounterRepair {
  let round: Promise<void> = Promise.resolve();
  const repair = async () => {
    const due = await countersOf(db)
      .find(
        {
          $or: [
            { suspect: true },
            { countedAt: null },
            { countedAt: { $lt: new Date(Date.now() - fullEveryMs) } },
          ],
        },
        { projection: { _id: 1 } },
      )
      .limit(batch)
      .toArray();
    for (const { _id } of due) await recountSellerCounters(db, _id);
  };
  const timer = setInterval(() => {
    round = round
      .then(repair)
      .catch((error: unknown) => log.warn({ err: error }, 'seller counters repair failed'));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await round;
    },
  };
}
