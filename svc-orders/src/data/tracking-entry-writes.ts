import { setTimeout as delay } from 'node:timers/promises';
import mongoose, {
  type AnyBulkWriteOperation,
  type Connection,
  type QueryFilter,
  type Model,
  type mongo,
  type Types,
} from 'mongoose';
import type { OrderChangeActor } from '@onvelope/contracts';
import { isDatabaseUnavailable } from '@onvelope/service-kit/errors';
import { forAccount, type AccountRepository } from '@onvelope/service-kit/mongo';
import { historyEntryOf, MAX_ORDER_HISTORY } from '../domain/order-history.js';
import { searchedFields } from '../domain/search-terms.js';
import { searchFieldsOf } from '../domain/search-terms-grams.js';
import { removalTallyOf, statusTallyOf, type StatusMove } from '../domain/status-tally.js';
import { changeOf, type TrackingEntryChange } from './tracking-entry-change.js';
import { countStatusChanges } from './seller-counters.js';
import {
  abandonOutboxRecord,
  openOutboxRecord,
  settleOutboxRecord,
  type OutboxIntent,
} from './tracking-entry-outbox.js';
import { orderKeyOf, storeFrontKeyOf, type TrackingEntryDocument } from './tracking-entry.model.js';
import { writeInOrder, WriteCutError, type OrderedWrite } from './write-in-order.js';

/**
 * How long an import's batch cut off by the database waits for it to come back and say which of
 * the batch's writes landed (each try waits for the driver's server selection too). An import
 * answers only once it knows; a longer outage answers with the rows it could not check. Other
 * writers ask once: their callers (svc-sync, a rule job) would rather hear of the outage.
 */
export const IMPORT_CUT_READ_BACK_MS = 30_000;
const READ_BACK_RETRY_MS = 500;

/**
 * The fields a write may set: everything but identity, bookkeeping and derived fields (the history
 * is the writer's, from what a write changes).
 */
export type EntryFields = Partial<
  Omit<
    TrackingEntryDocument,
    | '_id'
    | 'accountId'
    | 'orderNumber'
    | 'orderKey'
    | 'version'
    | 'createdAt'
    | 'updatedAt'
    | 'history'
  >
>;

/** The part of an update that adds to an order's history (none when nothing followed changed). */
type HistoryPush = Partial<Pick<mongo.UpdateFilter<TrackingEntryDocument>, '$push'>>;

/** One write of a batch, with what is known of the entry it leaves behind. */
export interface EntryWrite extends OrderedWrite {
  orderNumber: string;
  /** The entry as the write leaves it, when that is known without reading it back. */
  after?: TrackingEntryDocument;
  /** What the write does to the entry's status, for the seller's counters. */
  statusMove?: StatusMove;
}

export interface BatchOutcome<W extends EntryWrite> {
  skipped: Set<W>;
  failed: Map<W, string>;
  replaced: Set<W>;
  createdByUpsert: Set<W>;
  /** How many writes matched their entry (a guarded update of a changed entry does not). */
  stored: number;
}

/** A write setting any field `searchFieldsOf` reads stores the search fields anew. */
const touchesSearch = (set: EntryFields) => searchedFields.some((field) => field in set);

/** What a stored batch changes in its seller's counters. */
function batchTallyOf<W extends EntryWrite>(
  writes: W[],
  { skipped, failed, replaced, createdByUpsert, stored }: BatchOutcome<W>,
) {
  const landed = writes.filter((write) => !skipped.has(write) && !failed.has(write));
  return statusTallyOf(
    landed.map((write) => ({
      move: write.statusMove,
      created: createdByUpsert.has(write),
      replaced: replaced.has(write),
    })),
    stored === landed.length,
  );
}

/**
 * The account's entries with these order keys, without their search text. Looked up by `orderKey`,
 * which holds the account, so the query is tenant-scoped by construction and served by a
 * single-field index on every server (see the model); the account is checked again on what comes
 * back.
 */
export async function entriesWithOrderKeys(
  model: Model<TrackingEntryDocument>,
  accountId: string,
  orderKeys: readonly string[],
): Promise<TrackingEntryDocument[]> {
  const docs = await model
    .find({ orderKey: { $in: orderKeys } })
    .select({ searchText: 0, history: 0 })
    .lean<TrackingEntryDocument[]>();
  return docs.filter((doc) => doc.accountId === accountId);
}

/**
 * The one owner of every write of a seller's tracking entries: the new-entry shape, `version`
 * (+ 1 with every change), search text, `updatedAt`, the account on every filter, and the change
 * event, which goes through the outbox with the write (see `tracking-entry-outbox.ts`), and the
 * order's history of changes, when told who is changing it (`changedBy`). Use cases decide what
 * changes; this decides how it is stored and announced.
 */
export class TrackingEntryWriter {
  /** Account-scoped reads (and the scope of any filter). */
  readonly scoped: AccountRepository<TrackingEntryDocument>;
  private readonly db: Connection;

  constructor(
    private readonly model: Model<TrackingEntryDocument>,
    private readonly accountId: string,
    /** Who changes the entries, for their history; none records no history. */
    private readonly changedBy?: OrderChangeActor,
  ) {
    this.scoped = forAccount(model, accountId);
    this.db = model.db;
  }

  /** The account's entries with these order numbers (see `entriesWithOrderKeys`). */
  findByOrderNumbers(orderNumbers: readonly string[]) {
    return entriesWithOrderKeys(
      this.model,
      this.accountId,
      orderNumbers.map((number) => orderKeyOf(this.accountId, number)),
    );
  }

  /**
   * A new entry, every field present (null where nothing is known). One literal, so every entry
   * has the same shape: spreading defaults and values cost a millisecond for each thousand rows of
   * an import, and left objects that were slower to encode and collect.
   */
  newEntry(orderNumber: string, set: EntryFields, now: Date): TrackingEntryDocument {
    const document = {
      _id: new mongoose.Types.ObjectId(),
      accountId: this.accountId,
      orderNumber,
      orderKey: orderKeyOf(this.accountId, orderNumber),
      source: set.source ?? 'csv',
      version: 1,
      firstName: set.firstName ?? null,
      lastName: set.lastName ?? null,
      customerName: set.customerName ?? null,
      email: set.email ?? null,
      postcode: set.postcode ?? null,
      status: set.status ?? 'pending',
      courier: set.courier ?? null,
      trackingNumber: set.trackingNumber ?? null,
      trackingUrl: set.trackingUrl ?? null,
      personalNote: set.personalNote ?? null,
      orderDate: set.orderDate ?? null,
      shippedAt: set.shippedAt ?? null,
      shippingAddress1: set.shippingAddress1 ?? null,
      shippingAddress2: set.shippingAddress2 ?? null,
      shippingCity: set.shippingCity ?? null,
      shippingState: set.shippingState ?? null,
      shippingCountry: set.shippingCountry ?? null,
      shippingZip: set.shippingZip ?? null,
      items: set.items ?? null,
      productName: set.productName ?? null,
      productId: set.productId ?? null,
      productImageUrl: set.productImageUrl ?? null,
      quantity: set.quantity ?? null,
      itemPrice: set.itemPrice ?? null,
      itemTotal: set.itemTotal ?? null,
      currency: set.currency ?? null,
      orderTotal: set.orderTotal ?? null,
      lineItems: set.lineItems ?? null,
      quantityShipped: set.quantityShipped ?? null,
      quantityUnshipped: set.quantityUnshipped ?? null,
      categoryNames: set.categoryNames ?? null,
      keywordMessage: set.keywordMessage ?? null,
      keywordExplanation: set.keywordExplanation ?? null,
      statusRule: set.statusRule ?? null,
      merchant: null,
      searchText: '',
      searchGrams: [] as string[],
      delivery: null,
      carrierStatus: null,
      carrierUpdatedAt: null,
      createdAt: now,
      updatedAt: now,
    } satisfies Required<Omit<EntryFields, 'externalId' | 'connectionId' | 'storeFrontKey'>> &
      Record<string, unknown>;
    Object.assign(document, searchFieldsOf(document));
    const entry = document as unknown as TrackingEntryDocument;
    // Only store-front orders carry these: `storeFrontKey` is unique and sparse.
    if (set.externalId) {
      entry.externalId = set.externalId;
      entry.connectionId = set.connectionId ?? null;
      entry.storeFrontKey = storeFrontKeyOf(this.accountId, entry.source, set.externalId);
    }
    return entry;
  }

  /** What an update sets: the fields, `updatedAt`, and fresh search fields when they depend on them. */
  setOf(
    before: Partial<TrackingEntryDocument> & { orderNumber: string },
    set: EntryFields,
    now: Date,
  ) {
    const $set: Record<string, unknown> = { ...set, updatedAt: now };
    if (touchesSearch(set)) Object.assign($set, searchFieldsOf({ ...before, ...set }));
    if (set.externalId && set.source) {
      $set.storeFrontKey = storeFrontKeyOf(this.accountId, set.source, set.externalId);
    }
    return $set;
  }

  /** What a write adds to the order's history: its changes, the oldest dropped past the bound. */
  private historyPushOf(
    before: Partial<TrackingEntryDocument>,
    set: EntryFields,
    now: Date,
  ): HistoryPush {
    const entry = this.changedBy ? historyEntryOf(before, set, this.changedBy, now) : null;
    return entry ? { $push: { history: { $each: [entry], $slice: -MAX_ORDER_HISTORY } } } : {};
  }

  /** Inserts a new entry; should another writer have created it meanwhile, `onDuplicate` runs. */
  insert(document: TrackingEntryDocument, onDuplicate?: () => AnyBulkWriteOperation): EntryWrite {
    return {
      orderNumber: document.orderNumber,
      operation: { insertOne: { document } },
      after: document,
      statusMove: { from: null, to: document.status },
      ...(onDuplicate ? { onDuplicate } : {}),
    };
  }

  /**
   * Creates or updates the entry with this order number, whatever is stored: on insert it holds
   * what a new entry would, but for what the write sets.
   */
  upsertOperation(
    orderNumber: string,
    $set: Record<string, unknown>,
    now: Date,
    filter: QueryFilter<TrackingEntryDocument> = { orderNumber },
    history: HistoryPush = {},
  ): AnyBulkWriteOperation {
    const { _id, version, ...fresh } = this.newEntry(orderNumber, {}, now);
    const onInsert = Object.fromEntries(
      Object.entries(fresh).filter(([field]) => !(field in $set)),
    );
    return {
      updateOne: {
        filter: this.scoped.scope(filter),
        update: { $set, $inc: { version: 1 }, $setOnInsert: onInsert, ...history },
        upsert: true,
      },
    };
  }

  /** An update of a known entry whatever changed meanwhile (the later write wins field by field). */
  update(
    before: TrackingEntryDocument | (Partial<TrackingEntryDocument> & { orderNumber: string }),
    set: EntryFields,
    now: Date,
  ): EntryWrite {
    const operation = this.upsertOperation(
      before.orderNumber,
      this.setOf(before, set, now),
      now,
      { orderNumber: before.orderNumber },
      this.historyPushOf(before, set, now),
    );
    return {
      orderNumber: before.orderNumber,
      operation,
      onDuplicate: () => operation,
      statusMove: { from: before.status, to: set.status },
    };
  }

  /** An update that lands only if the entry is still at the version read (else it is skipped). */
  updateIfUnchanged(before: TrackingEntryDocument, set: EntryFields, now: Date): EntryWrite {
    const $set = this.setOf(before, set, now);
    return {
      orderNumber: before.orderNumber,
      operation: {
        updateOne: {
          filter: this.scoped.scope({ _id: before._id, version: before.version }),
          update: { $set, $inc: { version: 1 }, ...this.historyPushOf(before, set, now) },
        },
      },
      after: { ...before, ...$set, version: before.version + 1 } as TrackingEntryDocument,
      statusMove: { from: before.status, to: set.status, guarded: true },
    };
  }

  /**
   * Stores a batch in order and announces what it stored, through the outbox: the record is opened
   * naming the batch's orders, the entries are written, and the record is settled with their
   * changes. A write cut off by the database leaves the record to be recovered at once, and throws
   * a `WriteCutError` whose `stored` are exactly the writes found stored. A batch stored whose record
   * cannot be settled (the database went away just after) counts as stored: the relay recovers the
   * record when its lease ends. `readBackMs`: how long a cut batch keeps asking what landed.
   */
  async writeBatch<W extends EntryWrite>(
    writes: W[],
    now: Date,
    { readBackMs = 0 }: { readBackMs?: number } = {},
  ): Promise<BatchOutcome<W>> {
    const intent: OutboxIntent = {
      accountId: this.accountId,
      kind: 'upserted',
      orderKeys: [...new Set(writes.map((write) => orderKeyOf(this.accountId, write.orderNumber)))],
    };
    const recordId = await openOutboxRecord(this.db, intent);
    let outcome;
    try {
      outcome = await writeInOrder(this.model, writes);
    } catch (error) {
      // Asked first: once the database answers again, the record is released at once too.
      const cut =
        error instanceof WriteCutError
          ? await this.withStoredFound(error as WriteCutError<W>, now, readBackMs)
          : undefined;
      await abandonOutboxRecord(this.db, recordId).catch(() => undefined);
      throw cut ?? error;
    }
    try {
      // Counted before the record is settled: a recount waits while it is not (`seller-counters.ts`).
      await countStatusChanges(this.db, this.accountId, batchTallyOf(writes, outcome));
      await this.settleOutbox(writes, outcome, recordId, intent, now);
    } catch (error) {
      // The entries are stored: the record left `writing` is recovered (and its entries announced)
      // by the relay once its lease ends, so the write stands and the caller meets the outage next.
      if (!isDatabaseUnavailable(error)) throw error;
    }
    return outcome;
  }

  /**
   * Settles a stored batch's outbox record with the changes it made: the import's last step, and
   * every other writer's.
   */
  private async settleOutbox<W extends EntryWrite>(
    writes: W[],
    { skipped, failed, replaced, stored }: BatchOutcome<W>,
    recordId: Types.ObjectId,
    intent: OutboxIntent,
    now: Date,
  ) {
    const landed = writes.filter((write) => !skipped.has(write) && !failed.has(write));
    const writesOf = new Map<string, number>();
    for (const write of landed)
      writesOf.set(write.orderNumber, (writesOf.get(write.orderNumber) ?? 0) + 1);
    // Every write matched (no guarded update was skipped): an entry written once, not raced, is
    // known as the write left it; any other is read back for its id and version.
    const allMatched = stored === landed.length;
    const changes: TrackingEntryChange[] = [];
    const readBack = new Set<string>();
    for (const write of landed) {
      if (
        write.after &&
        allMatched &&
        !replaced.has(write) &&
        writesOf.get(write.orderNumber) === 1
      ) {
        changes.push(changeOf(write.after));
      } else readBack.add(write.orderNumber);
    }
    if (readBack.size) {
      for (const doc of await this.findByOrderNumbers([...readBack])) {
        // A guarded update that was skipped left someone else's change, announced by its writer.
        if (doc.updatedAt.getTime() === now.getTime()) changes.push(changeOf(doc));
      }
    }
    await settleOutboxRecord(this.db, recordId, intent, { changes });
  }

  /**
   * Which of a cut batch's unknown writes landed (their entries carry this batch's time), asked
   * again while the database stays away, for up to `readBackMs`: a write can land with its answer
   * lost, and only the database can say so.
   */
  private async withStoredFound<W extends EntryWrite>(
    cut: WriteCutError<W>,
    now: Date,
    readBackMs: number,
  ) {
    const giveUpAt = Date.now() + readBackMs;
    for (;;) {
      try {
        const landed = new Set(
          (await this.findByOrderNumbers(cut.unknown.map((write) => write.orderNumber)))
            .filter((doc) => doc.updatedAt.getTime() === now.getTime())
            .map((doc) => doc.orderNumber),
        );
        const found = cut.unknown.filter((write) => landed.has(write.orderNumber));
        return new WriteCutError(
          [...cut.stored, ...found],
          cut.unknown.filter((write) => !landed.has(write.orderNumber)),
          cut.cause,
          true,
        );
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() >= giveUpAt) return cut;
        await delay(READ_BACK_RETRY_MS, undefined, { ref: false });
      }
    }
  }

  /** One guarded update (see `updateIfUnchanged`); answers the entry after it, or null if it changed. */
  async updateOne(before: TrackingEntryDocument, set: EntryFields, now: Date) {
    const write = this.updateIfUnchanged(before, set, now);
    const { skipped, failed } = await this.writeBatch([write], now);
    const refused = failed.get(write);
    if (refused) throw new Error(refused);
    if (skipped.has(write)) return null;
    const after = await this.scoped.findOne({ _id: before._id }).lean<TrackingEntryDocument>();
    return after && after.updatedAt.getTime() === now.getTime() ? after : null;
  }

  /**
   * Deletes the account's entries that match, a thousand at a time along a cursor (never the whole
   * account in memory), each thousand announced through the outbox: the record names the entries
   * before they go, and the relay announces those that are gone.
   */
  async deleteWhere(
    filter: QueryFilter<TrackingEntryDocument>,
    batchSize = 1_000,
  ): Promise<number> {
    const cursor = this.scoped
      .find(filter)
      .select({ _id: 1, status: 1 })
      .sort({ _id: 1 })
      .lean<Pick<TrackingEntryDocument, '_id' | 'status'>[]>()
      .cursor({ batchSize });
    let deleted = 0;
    let ids: TrackingEntryDocument['_id'][] = [];
    let statuses: string[] = [];
    const flush = async () => {
      const intent: OutboxIntent = {
        accountId: this.accountId,
        kind: 'deleted',
        entryIds: ids.map(String),
      };
      const recordId = await openOutboxRecord(this.db, intent);
      const result = await this.scoped.deleteMany({ ...filter, _id: { $in: ids } });
      deleted += result.deletedCount;
      // Fewer deleted than read: another deletion took some, which of them is not said.
      const removed = removalTallyOf(statuses);
      await countStatusChanges(
        this.db,
        this.accountId,
        result.deletedCount === ids.length ? removed : { deltas: {}, doubtful: true },
      );
      await settleOutboxRecord(this.db, recordId, intent, { deletedAt: new Date() });
      ids = [];
      statuses = [];
    };
    try {
      for await (const doc of cursor) {
        ids.push(doc._id);
        statuses.push(doc.status);
        if (ids.length >= batchSize) await flush();
      }
      if (ids.length) await flush();
    } finally {
      await cursor.close();
    }
    return deleted;
  }
}

/** The writer of one seller's entries, `changedBy` naming who changes them for their history. */
export const trackingEntryWrites = (
  model: Model<TrackingEntryDocument>,
  accountId: string,
  changedBy?: OrderChangeActor,
) => new TrackingEntryWriter(model, accountId, changedBy);

export type TrackingEntryWrites = TrackingEntryWriter;
