import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Types } from 'mongoose';
import { outgoingTraceparent, type OutboxBacklog } from '@onvelope/service-kit/observability';
import { markedBacklog } from '@onvelope/service-kit/outbox';
import type { TrackingEntryChange } from './tracking-entry-change.js';

/**
 * The transactional outbox of tracking-entry events (collection `tracking_entry_outbox`). Without
 * multi-document transactions a change and its event cannot be stored at once, so a write of
 * entries is bracketed by one outbox record: it is opened (`writing`, naming the entries) before
 * the entries are written and settled (`ready`) after. The relay publishes ready records and
 * deletes them once JetStream has acknowledged: an upsert's changes as its writer handed them over
 * in memory (`takeHeldChanges`), or, for a record claimed without them (another replica's, one
 * settled before a restart), its entries as they are stored then. A record still `writing` when
 * its lease ends lost its writer (a crash, a failed write), and the relay publishes what is stored
 * of its entries too. Either way every stored change is published at least once.
 */
export interface OutboxRecord {
  _id: Types.ObjectId;
  accountId: string;
  kind: 'upserted' | 'deleted';
  state: 'writing' | 'ready';
  /** `upserted`: the entries the write touches, by `orderKey` (what is read back on recovery). */
  orderKeys: string[];
  /** `deleted`: the entries the write deletes. */
  entryIds: string[];
  deletedAt: Date | null;
  /** When the record may be claimed: a writer's or a relay's lease ends then. */
  availableAt: Date;
  /** The relay claim holding the record, so only its holder settles it. */
  claim: string | null;
  /** The writer's trace, which the publish continues (absent from records of older releases). */
  traceparent?: string | null;
}

/** How long a writer may take between opening and settling its record before it counts as lost. */
export const WRITE_LEASE_MS = 2 * 60_000;

const COLLECTION = 'tracking_entry_outbox';
const outboxOf = (db: Connection) => db.collection<OutboxRecord>(COLLECTION);

/** Creates the index the relay claims by (oldest available first); call once at start-up. */
export async function prepareOutbox(db: Connection): Promise<void> {
  await outboxOf(db).createIndex({ availableAt: 1, _id: 1 });
}

/**
 * At most this many changes of settled records wait in memory for the relay (about 5 MB); beyond
 * that the oldest are let go, and their records are published as their entries are stored.
 */
export const MAX_HELD_CHANGES = 10_000;

/**
 * What this process keeps beside a database's outbox for its relay. Writers wake the relay, so a
 * settled record is published at once rather than at the next poll; and they hand it the changes
 * of the records they settle (oldest first, until it takes them): held here rather than in the
 * record, a batch's changes do not travel to the database and back, a third of the bytes a
 * 100,000-row import sent the database (issue 18).
 */
interface ProcessOutbox {
  readyListeners: Set<() => void>;
  heldChanges: Map<string, TrackingEntryChange[]>;
  heldCount: number;
}
const processOutboxes = new WeakMap<Connection, ProcessOutbox>();

function processOutboxOf(db: Connection): ProcessOutbox {
  let outbox = processOutboxes.get(db);
  if (!outbox) {
    outbox = { readyListeners: new Set(), heldChanges: new Map(), heldCount: 0 };
    processOutboxes.set(db, outbox);
  }
  return outbox;
}

/** Calls `listener` whenever a record of `db`'s outbox becomes ready; answers the unsubscribe. */
export function onOutboxReady(db: Connection, listener: () => void): () => void {
  const { readyListeners } = processOutboxOf(db);
  readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}

const notifyReady = (db: Connection) => {
  for (const listener of processOutboxOf(db).readyListeners) listener();
};

function holdChanges(db: Connection, id: Types.ObjectId, changes: TrackingEntryChange[]) {
  const outbox = processOutboxOf(db);
  outbox.heldChanges.set(String(id), changes);
  outbox.heldCount += changes.length;
  for (const [key, oldest] of outbox.heldChanges) {
    if (outbox.heldCount <= MAX_HELD_CHANGES) break;
    outbox.heldChanges.delete(key);
    outbox.heldCount -= oldest.length;
  }
}

/**
 * The changes its writer in this process handed over for a claimed record, taken so they are
 * published once; null when none are held (the record is then published as its entries are stored).
 */
export function takeHeldChanges(
  db: Connection,
  record: Pick<OutboxRecord, '_id'>,
): TrackingEntryChange[] | null {
  const outbox = processOutboxOf(db);
  const key = String(record._id);
  const changes = outbox.heldChanges.get(key);
  if (!changes) return null;
  outbox.heldChanges.delete(key);
  outbox.heldCount -= changes.length;
  return changes;
}

export type OutboxIntent =
  | { accountId: string; kind: 'upserted'; orderKeys: string[] }
  | { accountId: string; kind: 'deleted'; entryIds: string[] };

/** Opens a record before a write; answers its id. */
export async function openOutboxRecord(
  db: Connection,
  intent: OutboxIntent,
): Promise<Types.ObjectId> {
  const record: OutboxRecord = {
    _id: new mongoose.Types.ObjectId(),
    accountId: intent.accountId,
    kind: intent.kind,
    state: 'writing',
    orderKeys: intent.kind === 'upserted' ? intent.orderKeys : [],
    entryIds: intent.kind === 'deleted' ? intent.entryIds : [],
    deletedAt: null,
    availableAt: new Date(Date.now() + WRITE_LEASE_MS),
    claim: null,
    traceparent: outgoingTraceparent() ?? null,
  };
  await outboxOf(db).insertOne(record);
  return record._id;
}

/**
 * Settles a record once its write is stored: from now on it is published, an upsert's `changes`
 * held here for this process's relay. They are held before the record is marked ready: a relay
 * claiming it the moment it is (its loop may be under way) finds them, rather than reading the
 * entries back. Should a relay have taken the record for lost meanwhile (and published what it
 * read, perhaps before this write), it is stored again, so the write's own changes are published
 * too.
 */
export async function settleOutboxRecord(
  db: Connection,
  id: Types.ObjectId,
  intent: OutboxIntent,
  settled: { changes: TrackingEntryChange[] } | { deletedAt: Date },
): Promise<void> {
  if ('changes' in settled) holdChanges(db, id, settled.changes);
  try {
    await outboxOf(db).updateOne(
      { _id: id },
      {
        $set: {
          state: 'ready',
          deletedAt: 'deletedAt' in settled ? settled.deletedAt : null,
          availableAt: new Date(),
          claim: null,
        },
        $setOnInsert: {
          accountId: intent.accountId,
          kind: intent.kind,
          orderKeys: intent.kind === 'upserted' ? intent.orderKeys : [],
          entryIds: intent.kind === 'deleted' ? intent.entryIds : [],
        },
      },
      { upsert: true },
    );
  } catch (error) {
    // Not ready: the record is recovered from what is stored once its lease ends.
    takeHeldChanges(db, { _id: id });
    throw error;
  }
  notifyReady(db);
}

/**
 * A write failed part-way: what it stored is unknown here, so the record is recovered at once
 * (the relay publishes what is stored of its entries).
 */
export async function abandonOutboxRecord(db: Connection, id: Types.ObjectId): Promise<void> {
  await outboxOf(db).updateOne(
    { _id: id, state: 'writing' },
    { $set: { availableAt: new Date() } },
  );
  notifyReady(db);
}

/**
 * Claims the oldest available record for `leaseMs`: another replica does not take it meanwhile,
 * and takes it over when the lease ends without the claim being settled (a crashed relay).
 */
export async function claimOutboxRecord(
  db: Connection,
  leaseMs: number,
): Promise<OutboxRecord | null> {
  const now = Date.now();
  return outboxOf(db).findOneAndUpdate(
    { availableAt: { $lte: new Date(now) } },
    { $set: { availableAt: new Date(now + leaseMs), claim: randomUUID() } },
    // Creation order within one writing process, so one relay publishes the changes of an entry in
    // the order they were made (a record released after a failed publish comes first again).
    // Records of two processes (an import thread and the main thread, two replicas) made in the
    // same second compare by their ids' random bytes, not by time: consumers compare versions.
    { sort: { _id: 1 }, returnDocument: 'after' },
  );
}

/** The claimed record is published: it goes, unless its writer settled it again meanwhile. */
export async function completeOutboxRecord(db: Connection, record: OutboxRecord): Promise<void> {
  await outboxOf(db).deleteOne({ _id: record._id, claim: record.claim });
}

/**
 * Publishing the claimed record failed: it is offered again at once, so that, being the oldest, it
 * goes before anything later of its entries on whichever replica retries first.
 */
export async function releaseOutboxRecord(db: Connection, record: OutboxRecord): Promise<void> {
  await outboxOf(db).updateOne(
    { _id: record._id, claim: record.claim },
    { $set: { availableAt: new Date(), claim: null } },
  );
}

/** How many records wait to be published, and since when (the relay's metrics, tests). */
export const outboxBacklog = (db: Connection): Promise<OutboxBacklog> =>
  markedBacklog(outboxOf(db), {}, '_id');

/**
 * Whether a write of the account's entries is under way (its record still `writing`): its entries
 * may be stored while what it changes in the seller's counters is not yet (see `seller-counters.ts`).
 * The outbox holds only records not yet published, so this reads a handful of documents.
 */
export async function hasWritesUnderWay(db: Connection, accountId: string): Promise<boolean> {
  return (await outboxOf(db).countDocuments({ accountId, state: 'writing' }, { limit: 1 })) > 0;
}
