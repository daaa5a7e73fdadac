import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@onvelope/contracts';
import { bulkWriteFailuresOf, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import type { mongo } from 'mongoose';
import type { OrderFact } from '../data/order-fact.model.js';
import {
  customerTallyIdOf,
  dayTallyIdOf,
  tallyCollectionOf,
  type TallyModels,
} from '../data/tally.model.js';
import type { CalendarFor } from '../domain/calendar.js';
import { currencyKeyOf } from '../domain/currency-rollups.js';
import {
  addToTally,
  emptyTallyChanges,
  nonZero,
  splitPaths,
  type TallyPaths,
} from '../domain/rollup-tally.js';

/**
 * A fact's state before and after a change this process wrote (null: none, or a tombstone), from
 * the compare-and-set on its revision: each change of a fact is written by exactly one replica, once,
 * so applying its difference there counts it once however often its event is delivered.
 */
export interface FactTransition {
  before: Omit<OrderFact, '_id'> | null;
  after: Omit<OrderFact, '_id'> | null;
}

/** What facts a message changed, and whether some may have changed without a known transition. */
export interface FactChanges {
  transitions: FactTransition[];
  /** Another replica wrote some of the same facts at once: which writes were this one's is unknown. */
  uncertain: boolean;
}

/** A message applying changes that has not finished after this long was lost with its process. */
export const STALE_APPLYING_MS = 120_000;

const live = (fact: Omit<OrderFact, '_id'> | null) => (fact && !fact.deletedAt ? fact : null);

/**
 * Applies `$inc` to many documents of a tally (customers, days), inserting those that are new. Two
 * replicas inserting the same document at once: the one whose insert met the other's gets a
 * duplicate key, and its increment is applied again, to the document that now exists.
 */
async function incrementEach(
  collection: mongo.Collection,
  documents: { _id: string; fields: Record<string, string>; paths: TallyPaths }[],
): Promise<void> {
  let pending = documents.flatMap(({ _id, fields, paths }) => {
    const inc = nonZero(paths);
    if (!Object.keys(inc).length) return [];
    // The string ids and the tree's paths are more than the driver's default document type names.
    return [
      {
        updateOne: {
          filter: { _id },
          update: { $inc: inc, $setOnInsert: fields },
          upsert: true,
        },
      } as unknown as mongo.AnyBulkWriteOperation,
    ];
  });
  for (let round = 1; pending.length; round += 1) {
    try {
      await collection.bulkWrite(pending, { ordered: false });
      return;
    } catch (error) {
      const failures = bulkWriteFailuresOf(error);
      if (round === 3 || !failures.length || !failures.every(isDuplicateKeyError)) throw error;
      pending = failures.map((failure) => pending[failure.index]!);
    }
  }
}

/**
 * Records one message's fact changes (`write`) and applies their difference to the seller's tally
 * with `$inc` (issue 41): what each fact's old state added is subtracted and what its new state adds
 * is added, in the time zone the tally is counted in. Safe beside other replicas and a recount: the
 * message is registered on the tally (`applying`) before its facts are written, so a recount that
 * starts later waits for it; while a recount runs, or when the transitions are `uncertain`, nothing
 * is applied and the seller is left for a recount instead (`recountAgain`), which the facts make
 * exact. A process stopped between the facts and the tally leaves its registration behind, which
 * the sweep takes for the same sign (`STALE_APPLYING_MS`).
 */
export async function applyFactChanges(
  { tallies, customerTallies, dayTallies }: TallyModels,
  calendarFor: CalendarFor,
  accountId: string,
  write: () => Promise<FactChanges>,
): Promise<void> {
  const id = randomUUID();
  let timeZone: string | null;
  let counted = false;
  try {
    const tally = await tallies
      .findOneAndUpdate(
        { _id: accountId, recounting: null },
        { $push: { applying: { id, at: new Date() } } },
        { upsert: true, returnDocument: 'after', projection: { timeZone: 1, format: 1 } },
      )
      .lean();
    timeZone = tally?.timeZone ?? DEFAULT_TIME_ZONE;
    // A tally never counted from the facts (a new seller, or one from before tallies) is counted
    // from them at the next refresh, whatever is applied to it now.
    counted = tally?.format !== undefined;
  } catch (error) {
    // The seller's tally exists and is being recounted: the upsert's insert met it.
    if (!isDuplicateKeyError(error)) throw error;
    timeZone = null;
  }
  let written: FactChanges;
  try {
    written = await write();
  } catch (error) {
    // Some facts may be written whose difference is not applied: the redelivery will skip them.
    await tallies.updateOne(
      { _id: accountId },
      { $set: { recountAgain: true }, $pull: { applying: { id } } },
    );
    throw error;
  }
  const { transitions, uncertain } = written;
  if (timeZone === null || uncertain) {
    await tallies.updateOne({ _id: accountId }, { $set: { recountAgain: true } });
  } else if (counted) {
    const calendar = calendarFor(timeZone);
    const changes = emptyTallyChanges();
    for (const { before, after } of transitions) {
      for (const [fact, sign] of [
        [live(before), -1],
        [live(after), 1],
      ] as const) {
        if (fact)
          addToTally(
            changes,
            { ...fact, currencyKey: currencyKeyOf(fact.currency) },
            sign,
            calendar,
          );
      }
    }
    const { seller, days } = splitPaths(changes.seller);
    const inc = nonZero(seller);
    if (Object.keys(inc).length) {
      await tallyCollectionOf(tallies).updateOne({ _id: accountId }, { $inc: inc });
    }
    await Promise.all([
      incrementEach(
        customerTallies.collection,
        [...changes.customers.values()].map(({ currency, email, paths }) => ({
          _id: customerTallyIdOf(accountId, currency, email),
          fields: { accountId, currency, email },
          paths,
        })),
      ),
      incrementEach(
        dayTallies.collection,
        [...days.values()].map(({ scope, day, paths }) => ({
          _id: dayTallyIdOf(accountId, scope, day),
          fields: { accountId, scope, day },
          paths,
        })),
      ),
    ]);
  }
  if (timeZone !== null) {
    await tallies.updateOne({ _id: accountId }, { $pull: { applying: { id } } });
  }
}
