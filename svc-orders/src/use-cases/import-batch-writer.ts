import mongoose, { type AnyBulkWriteOperation, type Model } from 'mongoose';
import { forAccount, type NatsConnection } from '@onvelope/service-kit';
import {
  orderKeyOf,
  sameStoredValue,
  searchTermsOf,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { writeInOrder, type OrderedWrite } from '../data/write-in-order.js';
import { csvFields, type CsvField, type ImportedEntry } from '../domain/csv-columns.js';
import { evaluateKeywordRules, type KeywordRuleLike } from '../domain/keyword-rules.js';
import {
  changeOf,
  publishTrackingEntriesUpserted,
  type TrackingEntryChange,
} from '../events/tracking-entry-events.js';
import { importMessages, type ImportCounts, type RowReport } from './import-report.js';

export interface ImportWriterDeps {
  entries: Model<TrackingEntryDocument>;
  nats: NatsConnection;
}

export interface ImportWriterInput {
  accountId: string;
  /** The seller's keyword rules, in evaluation order, loaded once for the import. */
  rules: readonly KeywordRuleLike[];
  /** The columns the file has: an absent column keeps the stored value. */
  present: ReadonlySet<CsvField>;
  report: RowReport;
  counts: ImportCounts;
  now: () => Date;
}

/** A row that passed validation, waiting for its batch. */
export interface PendingRow {
  row: number;
  entry: ImportedEntry;
}

type StoredEntry = Partial<TrackingEntryDocument> & { orderNumber: string };

// A status the file may not move an order back from (the seller shipped it after the export).
const advancedStatuses = new Set(['shipped', 'partially_shipped', 'delivered']);
const openStatuses = new Set(['pending', 'processing']);

type ComparedField = Exclude<CsvField, 'orderNumber'>;

/** Every field a file can fill but the order number, which identifies the entry. */
const comparedFields = csvFields.filter(
  (field): field is ComparedField => field !== 'orderNumber',
) satisfies readonly (keyof ImportedEntry)[];

interface RowWrite extends OrderedWrite {
  row: number;
  orderNumber: string;
  /** The whole entry when the write inserts it (its id and version 1 are then known here). */
  inserted?: TrackingEntryDocument;
}

/** A batch's writes, planned against what is stored, and the state its orders will have. */
interface PlannedBatch {
  writes: RowWrite[];
  /** Each order this batch writes, as it will be stored. */
  after: Map<string, StoredEntry>;
  /** How many writes each order has in the batch. */
  writesOf: Map<string, number>;
  rows: number;
}

/**
 * Writes an import's batches in file order, as a pipeline: while the database stores one batch,
 * the next one (already read back) is planned and the file is read on. The database is asked what
 * is stored of a batch's orders before the batch ahead of it is written, and the planned state of
 * that batch is laid over the answer, so an order repeated across batches updates the earlier row.
 * A batch is written only once the one before it is stored.
 */
export class ImportBatchWriter {
  private readonly entries: ReturnType<typeof forAccount<TrackingEntryDocument>>;
  private readonly firstRowOf = new Map<string, number>();
  private planned: PlannedBatch | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: ImportWriterDeps,
    private readonly input: ImportWriterInput,
  ) {
    this.entries = forAccount(deps.entries, input.accountId);
  }

  /** Takes the next batch of rows; resolves once it is planned and the one before it is being written. */
  async add(batch: PendingRow[]): Promise<void> {
    await this.writing;
    const orderNumbers = [...new Set(batch.map(({ entry }) => entry.orderNumber))];
    const stored = new Map<string, StoredEntry>();
    for (const doc of await this.findByOrderNumbers(orderNumbers)) stored.set(doc.orderNumber, doc);
    const ahead = this.planned;
    if (ahead) {
      for (const orderNumber of orderNumbers) {
        const state = ahead.after.get(orderNumber);
        if (state) stored.set(orderNumber, state);
      }
      this.startWriting(ahead);
    }
    this.planned = this.plan(batch, stored);
  }

  /** Writes what is planned; resolves once every batch is stored and announced. */
  async finish(): Promise<void> {
    await this.writing;
    if (this.planned) this.startWriting(this.planned);
    this.planned = undefined;
    await this.writing;
  }

  private startWriting(batch: PlannedBatch) {
    this.writing = this.write(batch);
    // Its failure is thrown by the next `await this.writing`; this stops it counting as unhandled.
    this.writing.catch(() => undefined);
  }

  /**
   * The account's entries with these order numbers. Looked up by `orderKey`, which holds the
   * account, so the query is tenant-scoped by construction (see the model for why not
   * `{ accountId, orderNumber: { $in } }`); the account is checked again on what comes back.
   */
  private async findByOrderNumbers(orderNumbers: string[]): Promise<TrackingEntryDocument[]> {
    const { accountId } = this.input;
    const docs = await this.deps.entries
      .find({
        orderKey: { $in: orderNumbers.map((orderNumber) => orderKeyOf(accountId, orderNumber)) },
      })
      .select({ searchTerms: 0 })
      .lean<TrackingEntryDocument[]>();
    return docs.filter((doc) => doc.accountId === accountId);
  }

  /** The upsert that creates or updates an entry, whoever wrote it last. */
  private upsertOf(
    orderNumber: string,
    $set: Record<string, unknown>,
    now: Date,
  ): AnyBulkWriteOperation {
    // On insert, the entry holds what a new one would, but for what the write sets (and its
    // version, which the write increments).
    const { _id, version, ...fresh } = newEntryOf(this.input.accountId, orderNumber, {}, now);
    const onInsert = Object.fromEntries(
      Object.entries(fresh).filter(([field]) => !(field in $set)),
    );
    return {
      updateOne: {
        filter: this.entries.scope({ orderNumber }),
        update: { $set, $inc: { version: 1 }, $setOnInsert: onInsert },
        upsert: true,
      },
    };
  }

  /** Decides each row's write against the stored entries (updated in place as rows are planned). */
  private plan(batch: PendingRow[], stored: Map<string, StoredEntry>): PlannedBatch {
    const { accountId, counts, report } = this.input;
    const now = this.input.now();
    const planned: PlannedBatch = {
      writes: [],
      after: new Map(),
      writesOf: new Map(),
      rows: batch.length,
    };
    for (const pending of batch) {
      const { orderNumber } = pending.entry;
      const firstRow = this.firstRowOf.get(orderNumber);
      if (firstRow !== undefined)
        report.warn(pending.row, importMessages.duplicate(orderNumber, firstRow));
      else this.firstRowOf.set(orderNumber, pending.row);

      const before = stored.get(orderNumber);
      const set = this.changesOf(pending, before, now);
      if (before && unchanged(set, before)) {
        counts.skipped += 1;
        report.warn(pending.row, importMessages.sameData(orderNumber));
        continue;
      }
      planned.writesOf.set(orderNumber, (planned.writesOf.get(orderNumber) ?? 0) + 1);
      if (before) {
        const after = { ...before, ...set } as StoredEntry;
        set.searchTerms = searchTermsOf(after);
        set.updatedAt = now;
        const upsert = this.upsertOf(orderNumber, set, now);
        // Another import may create the order between the read and this upsert: run it again.
        planned.writes.push({
          row: pending.row,
          orderNumber,
          operation: upsert,
          onDuplicate: () => upsert,
        });
        stored.set(orderNumber, after);
        planned.after.set(orderNumber, after);
        counts.updated += 1;
        continue;
      }
      // A new order is inserted whole (much cheaper than an upsert); should another import have
      // created it meanwhile, the insert is run as the upsert instead.
      const document = newEntryOf(accountId, orderNumber, set, now);
      planned.writes.push({
        row: pending.row,
        orderNumber,
        operation: { insertOne: { document } },
        inserted: document,
        onDuplicate: () =>
          this.upsertOf(
            orderNumber,
            { ...set, searchTerms: document.searchTerms, updatedAt: now },
            now,
          ),
      });
      stored.set(orderNumber, document);
      planned.after.set(orderNumber, document);
      counts.created += 1;
    }
    return planned;
  }

  /**
   * What a row changes on an entry: the values the file gives (a blank cell or an absent column
   * keeps the stored value), the status (never moved back from shipped), and the keyword rules'
   * message and status.
   */
  private changesOf(
    row: PendingRow,
    stored: StoredEntry | undefined,
    now: Date,
  ): Record<string, unknown> {
    const { present, rules, report } = this.input;
    const { entry } = row;
    const set: Record<string, unknown> = {};
    for (const field of comparedFields) {
      // customerName is derived from the (required) first and last names when it has no column.
      const given = present.has(field) || field === 'customerName';
      if (field !== 'status' && given && entry[field] !== null) set[field] = entry[field];
    }

    let status = entry.status ?? stored?.status ?? 'pending';
    if (stored && advancedStatuses.has(stored.status ?? '') && openStatuses.has(status)) {
      if (entry.status) {
        report.warn(
          row.row,
          importMessages.statusKept(entry.orderNumber, stored.status!, entry.status),
        );
      }
      status = stored.status!;
    }
    const items = (set.items as string | undefined) ?? stored?.items ?? null;
    const outcome = evaluateKeywordRules(rules, items, now);
    if (outcome.status && openStatuses.has(status)) {
      status = outcome.status;
      if (outcome.date && !set.shippedAt && !stored?.shippedAt) set.shippedAt = outcome.date;
    }
    set.status = status;
    set.keywordMessage = outcome.message;
    set.keywordExplanation = outcome.explanation;
    return set;
  }

  /** Stores a planned batch and announces what it changed. */
  private async write(batch: PlannedBatch): Promise<void> {
    const { accountId, counts, report } = this.input;
    if (batch.writes.length) {
      const { skipped, replaced, createdByUpsert } = await writeInOrder(
        this.deps.entries,
        batch.writes,
      );
      for (const write of skipped) {
        counts[write.inserted ? 'created' : 'updated'] -= 1;
        counts.failed += 1;
        report.fail(write.row, [importMessages.raced(write.orderNumber)]);
      }
      for (const write of replaced) {
        // Another import created the order first: this row updated it.
        if (!write.inserted || createdByUpsert.has(write)) continue;
        counts.created -= 1;
        counts.updated += 1;
      }

      // An entry this batch inserted with its only write is known in full here; any other
      // (updated, written twice in the batch, or raced) is read back for its id and version.
      const changes: TrackingEntryChange[] = [];
      const readBack = new Set<string>();
      for (const write of batch.writes) {
        if (skipped.has(write)) continue;
        if (write.inserted && !replaced.has(write) && batch.writesOf.get(write.orderNumber) === 1) {
          changes.push(changeOf(write.inserted));
        } else {
          readBack.add(write.orderNumber);
        }
      }
      if (readBack.size) {
        for (const doc of await this.findByOrderNumbers([...readBack])) changes.push(changeOf(doc));
      }
      if (changes.length) await publishTrackingEntriesUpserted(this.deps.nats, accountId, changes);
    }
    counts.written += batch.rows;
  }
}

const unchanged = (set: Record<string, unknown>, stored: StoredEntry) =>
  Object.entries(set).every(([field, value]) =>
    sameStoredValue(value, stored[field as keyof StoredEntry]),
  );

/**
 * The entry a row creates, every field present (null where the file has nothing). One literal, so
 * every entry has the same shape: spreading the defaults and the row's values cost a millisecond
 * for each thousand rows, and left objects that were slower to encode and collect.
 */
function newEntryOf(
  accountId: string,
  orderNumber: string,
  set: Record<string, unknown>,
  now: Date,
): TrackingEntryDocument {
  const value = (field: ComparedField | 'keywordMessage' | 'keywordExplanation') =>
    set[field] ?? null;
  // Every field a row can fill is listed: a field added to the CSV columns fails to compile here.
  const document = {
    _id: new mongoose.Types.ObjectId(),
    accountId,
    orderNumber,
    orderKey: orderKeyOf(accountId, orderNumber),
    source: 'csv',
    version: 1,
    firstName: value('firstName'),
    lastName: value('lastName'),
    customerName: value('customerName'),
    email: value('email'),
    postcode: value('postcode'),
    status: value('status'),
    courier: value('courier'),
    trackingNumber: value('trackingNumber'),
    trackingUrl: value('trackingUrl'),
    personalNote: value('personalNote'),
    orderDate: value('orderDate'),
    shippedAt: value('shippedAt'),
    shippingAddress1: value('shippingAddress1'),
    shippingAddress2: value('shippingAddress2'),
    shippingCity: value('shippingCity'),
    shippingState: value('shippingState'),
    shippingCountry: value('shippingCountry'),
    shippingZip: value('shippingZip'),
    items: value('items'),
    productName: value('productName'),
    productId: value('productId'),
    productImageUrl: value('productImageUrl'),
    quantity: value('quantity'),
    itemPrice: value('itemPrice'),
    itemTotal: value('itemTotal'),
    orderTotal: value('orderTotal'),
    lineItems: value('lineItems'),
    quantityShipped: value('quantityShipped'),
    quantityUnshipped: value('quantityUnshipped'),
    categoryNames: value('categoryNames'),
    keywordMessage: value('keywordMessage'),
    keywordExplanation: value('keywordExplanation'),
    merchant: null,
    searchTerms: [] as string[],
    createdAt: now,
    updatedAt: now,
  } satisfies Record<ComparedField | 'keywordMessage' | 'keywordExplanation', unknown> &
    Record<string, unknown>;
  document.searchTerms = searchTermsOf(document as Parameters<typeof searchTermsOf>[0]);
  return document as unknown as TrackingEntryDocument;
}
