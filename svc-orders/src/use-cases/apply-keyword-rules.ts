import type { AnyBulkWriteOperation, Connection } from 'mongoose';
import { forAccount, type Logger, type NatsConnection } from '@onvelope/service-kit';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import {
  shippedStatuses,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { evaluateKeywordRules, itemsTextOf } from '../domain/keyword-rules.js';
import {
  changeOf,
  publishTrackingEntriesUpserted,
  type ChangedEntry,
} from '../events/tracking-entry-events.js';

const BATCH_SIZE = 500;

/** Orders the rules no longer touch: shipped, delivered and cancelled orders are settled. */
export const settledStatuses = [...shippedStatuses, 'cancelled'] as const;
const openStatuses = new Set(['pending', 'processing']);

export interface ApplyRulesDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}

type Examined = ChangedEntry &
  Pick<
    TrackingEntryDocument,
    'items' | 'productName' | 'keywordMessage' | 'keywordExplanation' | 'shippedAt'
  >;

interface Change {
  before: Examined;
  set: Pick<Examined, 'status' | 'keywordMessage' | 'keywordExplanation' | 'shippedAt'>;
}

/** What the rules make of one order, or null when they change nothing. */
function changeFor(
  entry: Examined,
  rules: Awaited<ReturnType<typeof keywordRulesOf>>,
  now: Date,
): Change | null {
  const outcome = evaluateKeywordRules(rules, itemsTextOf(entry), now);
  // As in the import: rules move only open orders; a partially shipped order keeps its status.
  const status = outcome.status && openStatuses.has(entry.status) ? outcome.status : entry.status;
  const set = {
    // The message and explanation belong to the rules: when none matches any more, they go.
    keywordMessage: outcome.message,
    keywordExplanation: outcome.explanation,
    status,
    shippedAt:
      status === 'shipped' && entry.status !== 'shipped'
        ? (entry.shippedAt ?? now)
        : (entry.shippedAt ?? null),
  };
  const unchanged =
    set.keywordMessage === (entry.keywordMessage ?? null) &&
    set.keywordExplanation === (entry.keywordExplanation ?? null) &&
    set.status === entry.status &&
    set.shippedAt?.getTime() === entry.shippedAt?.getTime();
  return unchanged ? null : { before: entry, set };
}

export interface ApplyProgress {
  examined: number;
  changed: number;
}

/** The seller's orders the rules may still change (not shipped, delivered or cancelled). */
export const unsettledOrders = { status: { $nin: settledStatuses } };

/**
 * Applies the seller's saved rules to every one of their unshipped orders, as an import would:
 * reads the orders in creation order in batches, writes each batch with one bulk write (a change
 * lands only if the order was not changed meanwhile), and publishes each changed order. Reports
 * its progress after each batch of orders read; answers what it did and the message to show.
 */
export async function applyKeywordRules(
  { db, nats, log }: ApplyRulesDeps,
  accountId: string,
  onProgress: (progress: ApplyProgress) => Promise<void>,
  now = new Date(),
): Promise<ApplyProgress & { message: string }> {
  const rules = await keywordRulesOf(db, accountId);
  const model = trackingEntryModel(db);
  // Sorted on createdAt, which this job never changes, so no order is read twice.
  const cursor = forAccount(model, accountId)
    .find(unsettledOrders)
    .select({ searchTerms: 0, merchant: 0 })
    .sort({ createdAt: 1, _id: 1 })
    .lean<Examined[]>()
    .cursor({ batchSize: BATCH_SIZE });

  let examined = 0;
  let changed = 0;
  let batch: Change[] = [];

  const flush = async () => {
    if (!batch.length) return;
    const changes = batch;
    batch = [];
    const operations: AnyBulkWriteOperation<TrackingEntryDocument>[] = changes.map(
      ({ before, set }) => ({
        updateOne: {
          filter: { _id: before._id, accountId, version: before.version },
          update: { $set: { ...set, updatedAt: now }, $inc: { version: 1 } },
        },
      }),
    );
    const result = await model.bulkWrite(operations, { ordered: false, timestamps: false });
    changed += result.modifiedCount;
    const written =
      result.modifiedCount === changes.length
        ? changes.map(({ before, set }) => ({
            ...before,
            ...set,
            version: before.version + 1,
            updatedAt: now,
          }))
        : await writtenByThisJob(changes);
    try {
      await publishTrackingEntriesUpserted(nats, accountId, written.map(changeOf));
    } catch (error) {
      // The orders are changed either way; a lost event only delays analytics until the next change.
      log.error({ err: error, accountId }, 'publishing keyword-rule changes failed');
    }
  };

  // When an order changed under the job (an import, a shipment), its write was skipped; publish
  // only the orders that now carry the version this job wrote.
  const writtenByThisJob = async (changes: Change[]) => {
    const expected = new Map(changes.map(({ before }) => [String(before._id), before.version + 1]));
    const current = await model
      .find({ _id: { $in: changes.map(({ before }) => before._id) }, accountId })
      .lean<TrackingEntryDocument[]>();
    return current.filter((entry) => expected.get(String(entry._id)) === entry.version);
  };

  try {
    for await (const entry of cursor) {
      examined += 1;
      const change = changeFor(entry, rules, now);
      if (change) batch.push(change);
      if (batch.length >= BATCH_SIZE) await flush();
      if (examined % BATCH_SIZE === 0) await onProgress({ examined, changed });
    }
    await flush();
  } finally {
    await cursor.close();
  }

  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    examined,
    changed,
    message: `Applied ${plural(rules.length, 'keyword rule')} to ${plural(examined, 'unshipped order')}: ${changed} changed.`,
  };
}
