import { isValidObjectId, type Connection, type Model } from 'mongoose';
import type { PayloadOf, shipmentTrackingUpdated } from '@onvelope/contracts';
import { conflict } from '@onvelope/service-kit/errors';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import {
  trackingEntryWrites,
  type EntryWrite,
  type TrackingEntryWrites,
} from '../data/tracking-entry-writes.js';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';

export type CarrierUpdate = PayloadOf<typeof shipmentTrackingUpdated>;

/** What became of a report: stored, or why it changed nothing. */
export type CarrierUpdateOutcome = 'applied' | 'stale' | 'other-shipment' | 'gone';

/** What became of one report of a batch: its outcome, or the error that left it to be retried. */
export type CarrierUpdateResult = CarrierUpdateOutcome | Error;

/**
 * The carrier moves an order only from shipped to delivered. Any other status is the seller's
 * (pending, processing, cancelled, one their files invented, delivered already) and stays, the
 * delivery record beside it (issue 33: a seller's manual status wins).
 */
const carrierMoves = new Set(['shipped', 'partially_shipped']);

// A concurrent change of the order (an import, the seller) between reading and writing is rare.
const ATTEMPTS = 3;

/**
 * Whether a report is newer than the stored one: a later update time, or the same (providers give
 * it to the second, and a parcel may be scanned twice in one) with more checkpoints.
 */
function isNewer(update: CarrierUpdate, stored: TrackingEntryDocument) {
  if (!stored.delivery) return true;
  const by =
    Date.parse(update.delivery.carrierUpdatedAt) - Date.parse(stored.delivery.carrierUpdatedAt);
  return (
    by > 0 || (by === 0 && update.delivery.checkpoints.length > stored.delivery.checkpoints.length)
  );
}

/** Why a report changes nothing of the order as stored, or null when it is to be written. */
function unchangedBy(
  update: CarrierUpdate,
  stored: TrackingEntryDocument | undefined,
): CarrierUpdateOutcome | null {
  // By `_id` alone, the account checked here (as `entriesWithOrderKeys` does): mongo-java-server
  // serves `{ _id }` from its unique index but `{ accountId, _id }` by reading every entry of the
  // seller, a 100,000-order seller's at each report (issue 33's bench).
  if (!stored || stored.accountId !== update.accountId) return 'gone';
  if (stored.trackingNumber !== update.trackingNumber) return 'other-shipment';
  return isNewer(update, stored) ? null : 'stale';
}

/** One report's guarded write of the order as read. */
interface CarrierWrite {
  index: number;
  before: TrackingEntryDocument;
  write: EntryWrite;
}

/**
 * Applies a batch of the tracking provider's reports as if one after the other, in the order
 * given, with a few round trips for the whole batch: one read of its orders, and for each seller
 * one guarded bulk write announced by one outbox record (`writeBatch`); a second round only for
 * an order that had several reports in the batch or changed meanwhile. Each order keeps its
 * delivery record and becomes delivered when the carrier says so. A report no newer than the
 * stored one (a redelivery, an Event overtaken by a later one) changes nothing, so nothing moves
 * twice or backwards; a report on a tracking number the order no longer has is of an old shipment;
 * a report naming another seller's order changes nothing. Answers what became of each report, in
 * order: one whose write failed or kept meeting a concurrent change has its error, to be retried.
 */
export async function applyCarrierUpdates(
  db: Connection,
  updates: readonly CarrierUpdate[],
): Promise<CarrierUpdateResult[]> {
  const model = trackingEntryModel(db);
  const results: (CarrierUpdateResult | undefined)[] = updates.map((update) =>
    isValidObjectId(update.entryId) ? undefined : 'gone',
  );
  /** The reports still to apply, by order, in the batch's order. */
  const queues = new Map<string, number[]>();
  updates.forEach((update, index) => {
    if (results[index]) return;
    const queue = queues.get(update.entryId);
    if (queue) queue.push(index);
    else queues.set(update.entryId, [index]);
  });
  /** Each order as stored now, as far as is known (read, or as this batch's write left it). */
  const known = new Map<string, TrackingEntryDocument | undefined>();
  const attempts = new Map<number, number>();
  const writers = new Map<string, TrackingEntryWrites>();
  const writerOf = (accountId: string) => {
    const writer = writers.get(accountId) ?? trackingEntryWrites(model, accountId, 'carrier');
    writers.set(accountId, writer);
    return writer;
  };

  while (queues.size) {
    const unknown = [...queues.keys()].filter((entryId) => !known.has(entryId));
    if (unknown.length) {
      const found = await model
        .find({ _id: { $in: unknown } })
        .select({ history: 0 })
        .lean<TrackingEntryDocument[]>();
      for (const entryId of unknown) known.set(entryId, undefined);
      for (const doc of found) known.set(String(doc._id), doc);
    }

    // Of each order, the reports that change nothing are settled, and the next one is written.
    const now = new Date();
    const writesBySeller = new Map<string, CarrierWrite[]>();
    for (const [entryId, queue] of queues) {
      while (queue.length) {
        const index = queue[0]!;
        const update = updates[index]!;
        const stored = known.get(entryId);
        const unchanged = unchangedBy(update, stored);
        if (unchanged || !stored) {
          results[index] = unchanged ?? 'gone';
          queue.shift();
          continue;
        }
        const sellerWrites = writesBySeller.get(update.accountId) ?? [];
        writesBySeller.set(update.accountId, sellerWrites);
        const write = carrierWriteOf(writerOf(update.accountId), update, stored, now);
        sellerWrites.push({ index, before: stored, write });
        break;
      }
      if (!queue.length) queues.delete(entryId);
    }

    await Promise.all(
      [...writesBySeller].map(async ([accountId, writes]) => {
        const settled = await writeSellerBatch(model, writerOf(accountId), writes, now);
        for (const { index, before } of writes) {
          const entryId = String(before._id);
          const outcome = settled.get(index)!;
          if ('after' in outcome) {
            results[index] = 'applied';
            known.set(entryId, outcome.after);
            queues.get(entryId)?.shift();
          } else {
            // Read again before any next try of this order's reports: the write may have landed.
            known.delete(entryId);
            const tries = (attempts.get(index) ?? 0) + 1;
            attempts.set(index, tries);
            if (outcome.error || tries >= ATTEMPTS) {
              results[index] =
                outcome.error ??
                conflict('The order kept changing while its carrier update was applied');
              queues.get(entryId)?.shift();
            }
          }
          if (!queues.get(entryId)?.length) queues.delete(entryId);
        }
      }),
    );
  }
  return results as CarrierUpdateResult[];
}

/** The guarded write storing a report on the order as read (see `updateIfUnchanged`). */
function carrierWriteOf(
  writer: TrackingEntryWrites,
  update: CarrierUpdate,
  current: TrackingEntryDocument,
  now: Date,
) {
  const delivered =
    update.delivery.carrierStatus === 'delivered' && carrierMoves.has(current.status);
  const { status, shippedAt, statusRule } = nextStatusOf(storedStatusOf(current), {
    source: 'carrier',
    status: delivered ? 'delivered' : null,
    now,
  });
  const set = {
    status,
    shippedAt,
    statusRule,
    delivery: update.delivery,
    carrierStatus: update.delivery.carrierStatus,
    carrierUpdatedAt: new Date(update.delivery.carrierUpdatedAt),
  };
  return writer.updateIfUnchanged(current, set, now);
}

/** What became of one guarded write: the order as it left it, or not stored (and why, if known). */
type SettledWrite = { after: TrackingEntryDocument } | { error?: Error };

/**
 * Stores one seller's guarded writes in one batch (one outbox record), and tells which landed. A
 * guarded write of an order changed meanwhile matches nothing, and the batch's count says only how
 * many did: when some did not, the orders are read back, those the batch wrote carrying its time
 * and the next version.
 */
async function writeSellerBatch(
  model: Model<TrackingEntryDocument>,
  writer: TrackingEntryWrites,
  writes: CarrierWrite[],
  now: Date,
): Promise<Map<number, SettledWrite>> {
  const settled = new Map<number, SettledWrite>();
  let outcome;
  try {
    outcome = await writer.writeBatch(
      writes.map(({ write }) => write),
      now,
    );
  } catch (error) {
    for (const { index } of writes) settled.set(index, { error: error as Error });
    return settled;
  }
  const { failed, stored } = outcome;
  const landedWrites = writes.filter(({ write }) => !failed.has(write));
  let matched: (carrierWrite: CarrierWrite) => boolean = () => true;
  if (stored !== landedWrites.length) {
    const ids = landedWrites.map(({ before }) => before._id);
    // By `_id` alone, as the orders were read: these are the seller's.
    const readBack = await model
      .find({ _id: { $in: ids } })
      .select({ _id: 1, version: 1, updatedAt: 1 })
      .lean<Pick<TrackingEntryDocument, '_id' | 'version' | 'updatedAt'>[]>();
    const wrote = new Set(
      readBack
        .filter((doc) => doc.updatedAt.getTime() === now.getTime())
        .map((doc) => `${String(doc._id)}:${doc.version}`),
    );
    matched = ({ before }) => wrote.has(`${String(before._id)}:${before.version + 1}`);
  }
  for (const carrierWrite of writes) {
    const refused = failed.get(carrierWrite.write);
    if (refused) settled.set(carrierWrite.index, { error: new Error(refused) });
    else if (matched(carrierWrite) && carrierWrite.write.after)
      settled.set(carrierWrite.index, { after: carrierWrite.write.after });
    else settled.set(carrierWrite.index, {});
  }
  return settled;
}
