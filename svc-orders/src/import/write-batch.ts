import type { Model } from 'mongoose';
import { HttpError, isDatabaseUnavailable } from '@onvelope/service-kit/errors';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import {
  IMPORT_CUT_READ_BACK_MS,
  trackingEntryWrites,
  type EntryFields,
  type EntryWrite,
  type TrackingEntryWrites,
} from '../data/tracking-entry-writes.js';
import { sameStoredValue, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { WriteCutError } from '../data/write-in-order.js';
import {
  evaluateKeywordRules,
  ruleSubjectOf,
  type KeywordRuleLike,
} from '../domain/keyword-rules.js';
import type { RuleSubjectFields } from '../domain/rule-conditions.js';
import type { DatabaseTurns } from './database-turns.js';
import { csvFields, type CsvField } from './file-fields.js';
import { importMessages, type ImportCounts, type RowReport } from './row-report.js';
import type { ParsedRow } from './validate-row.js';

export interface ImportWriterDeps {
  entries: Model<TrackingEntryDocument>;
  /** Shared by the imports under way, which look up and write their batches one at a time. */
  turns: DatabaseTurns;
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
  /**
   * The pause at the start of each of the import's database turns (a batch's lookup, its write),
   * in which it gives way to the service's other calls.
   */
  giveWay: () => Promise<void>;
}

/** A row that passed validation, waiting for its batch. */
export interface PendingRow extends ParsedRow {
  row: number;
}

type StoredEntry = Partial<TrackingEntryDocument> & { orderNumber: string; status: string };

type ComparedField = Exclude<CsvField, 'orderNumber'>;

/** Every field a file can fill but the order number, which identifies the entry. */
const comparedFields = csvFields.filter(
  (field): field is ComparedField => field !== 'orderNumber',
) satisfies readonly (keyof ParsedRow['entry'])[];

interface RowWrite extends EntryWrite {
  row: number;
  /** Whether the write inserts the entry (counted as created). */
  inserts: boolean;
}

/** A batch's writes, planned against what is stored, and the state its orders will have. */
interface PlannedBatch {
  writes: RowWrite[];
  /** Each order this batch writes, as it will be stored. */
  after: Map<string, StoredEntry>;
  rows: number;
  /** The row after the batch's last order. */
  endRow: number;
  /** The time the batch's writes stamp. */
  now: Date;
}

/**
 * Writes an import's batches in file order, as a pipeline: while the database stores one batch,
 * the next one (already read back) is planned and the file is read on. The database is asked what
 * is stored of a batch's orders before the batch ahead of it is written, and the planned state of
 * that batch is laid over the answer, so an order repeated across batches updates the earlier row.
 * A batch is written only once the one before it is stored.
 */
export class ImportBatchWriter {
  private readonly entries: TrackingEntryWrites;
  private readonly firstRowOf = new Map<string, number>();
  private planned: PlannedBatch | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Orders of the file known stored (created or updated): what a cut import reports. */
  private storedOrders = 0;
  /** The first row of each batch taken and not yet stored, in file order. */
  private readonly unstoredFrom: number[] = [];
  private cut: HttpError | undefined;

  constructor(
    private readonly deps: ImportWriterDeps,
    private readonly input: ImportWriterInput,
  ) {
    this.entries = trackingEntryWrites(deps.entries, input.accountId, 'import');
  }

  /** Takes the next batch of rows; resolves once it is planned and the one before it is being written. */
  async add(batch: PendingRow[]): Promise<void> {
    if (batch[0]) this.unstoredFrom.push(batch[0].row);
    await this.writing;
    const orderNumbers = [...new Set(batch.map(({ entry }) => entry.orderNumber))];
    const stored = new Map<string, StoredEntry>();
    for (const doc of await this.inTurn(() => this.entries.findByOrderNumbers(orderNumbers))) {
      stored.set(doc.orderNumber, doc);
    }
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

  /**
   * A step of the import at the orders collection, in its turn among the imports under way, after
   * giving way to the calls the service is answering then.
   */
  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    return this.deps.turns(async () => {
      await this.input.giveWay();
      return step();
    });
  }

  private startWriting(batch: PlannedBatch) {
    this.writing = this.write(batch);
    // Its failure is thrown by the next `await this.writing`; this stops it counting as unhandled.
    this.writing.catch(() => undefined);
  }

  /** Decides each row's write against the stored entries (updated in place as rows are planned). */
  private plan(batch: PendingRow[], stored: Map<string, StoredEntry>): PlannedBatch {
    const { counts, report } = this.input;
    const now = this.input.now();
    const planned: PlannedBatch = {
      writes: [],
      after: new Map(),
      rows: batch.length,
      endRow: (batch.at(-1)?.row ?? 0) + 1,
      now,
    };
    for (const pending of batch) {
      const { orderNumber } = pending.entry;
      const before = stored.get(orderNumber);
      if (!before && pending.noBuyer) {
        counts.failed += 1;
        report.fail(pending.row, [pending.noBuyer]);
        continue;
      }
      for (const warning of pending.warnings) report.warn(pending.row, warning);
      const firstRow = this.firstRowOf.get(orderNumber);
      if (firstRow !== undefined)
        report.warn(pending.row, importMessages.duplicate(orderNumber, firstRow));
      else this.firstRowOf.set(orderNumber, pending.row);

      const set = this.changesOf(pending, before, now);
      if (before && unchanged(set, before)) {
        counts.skipped += 1;
        report.warn(pending.row, importMessages.sameData(orderNumber));
        continue;
      }
      if (before) {
        const after = { ...before, ...set } as StoredEntry;
        // Another import may create the order between the read and this write: it updates it.
        planned.writes.push({
          row: pending.row,
          inserts: false,
          ...this.entries.update(before, set, now),
        });
        stored.set(orderNumber, after);
        planned.after.set(orderNumber, after);
        counts.updated += 1;
        continue;
      }
      // A new order is inserted whole (much cheaper than an upsert); should another import have
      // created it meanwhile, the insert is run as the upsert instead.
      const document = this.entries.newEntry(orderNumber, set, now);
      planned.writes.push({
        row: pending.row,
        inserts: true,
        ...this.entries.insert(document, () => this.entries.update(document, set, now).operation),
      });
      stored.set(orderNumber, document);
      planned.after.set(orderNumber, document);
      counts.created += 1;
    }
    return planned;
  }

  /**
   * What a row changes on an entry: the values the file gives (a blank cell or an absent column
   * keeps the stored value), the status and shipped date (`nextStatusOf`: never moved back from
   * shipped by the file; a status a rule set is not the seller's), and the keyword rules' message.
   */
  private changesOf(row: PendingRow, stored: StoredEntry | undefined, now: Date): EntryFields {
    const { present, rules, report } = this.input;
    const { entry } = row;
    const set: Record<string, unknown> = {};
    for (const field of comparedFields) {
      // customerName is derived from the (required) first and last names when it has no column.
      const given =
        present.has(field) ||
        field === 'customerName' ||
        entry.filledWithoutColumn?.includes(field);
      if (field !== 'status' && given && entry[field] !== null) set[field] = entry[field];
    }
    const items = (set.items as string | undefined) ?? stored?.items ?? null;
    // Conditions see the order as it will be: the file's values over the stored ones. The keyword
    // reads the Items text alone, as it always has for files (no product-name stand-in).
    const outcome = evaluateKeywordRules(
      rules,
      ruleSubjectOf({
        ...stored,
        ...(set as RuleSubjectFields),
        items,
        productName: null,
        status: entry.status ?? stored?.status ?? null,
      }),
      now,
    );
    const next = nextStatusOf(stored ? storedStatusOf(stored) : null, {
      source: 'file',
      status: entry.status,
      shippedAt: (set.shippedAt as Date | undefined) ?? null,
      rules: outcome,
      now,
    });
    if (row.unknownStatus) {
      report.warn(row.row, importMessages.unknownStatus(row.unknownStatus, next.status));
    }
    if (!stored) this.warnUnfindable(row);
    if (next.notApplied && stored) {
      report.warn(
        row.row,
        importMessages.statusKept(entry.orderNumber, stored.status, next.notApplied),
      );
    }
    set.status = next.status;
    set.shippedAt = next.shippedAt;
    set.statusRule = next.statusRule;
    set.keywordMessage = outcome.message;
    set.keywordExplanation = outcome.explanation;
    return set as EntryFields;
  }

  /**
   * A new order without the email or postcode its file has a column for: its buyer cannot look it
   * up (spec 001: order number, email and postcode), though it is stored and its link works.
   */
  private warnUnfindable({ row, entry }: PendingRow) {
    const lacking = (['email', 'postcode'] as const).filter(
      (field) => this.input.present.has(field) && !entry[field],
    );
    if (lacking.length) this.input.report.warn(row, importMessages.unfindable(lacking));
  }

  /**
   * Stores a planned batch; its changes are announced through the outbox. A write the database
   * refuses fails its row; a batch cut off by the database stops the import, counting exactly the
   * rows found stored.
   */
  private async write(batch: PlannedBatch): Promise<void> {
    const { counts, report } = this.input;
    if (batch.writes.length) {
      let outcome;
      try {
        outcome = await this.inTurn(() =>
          this.entries.writeBatch(batch.writes, batch.now, { readBackMs: IMPORT_CUT_READ_BACK_MS }),
        );
      } catch (error) {
        if (error instanceof WriteCutError)
          throw this.cutOff(error as WriteCutError<RowWrite>, batch);
        throw error;
      }
      const { skipped, failed, replaced, createdByUpsert } = outcome;
      this.storedOrders += batch.writes.length - skipped.size - failed.size;
      for (const write of skipped) {
        counts[write.inserts ? 'created' : 'updated'] -= 1;
        counts.failed += 1;
        report.fail(write.row, [importMessages.raced(write.orderNumber)]);
      }
      for (const [write, reason] of failed) {
        counts[write.inserts ? 'created' : 'updated'] -= 1;
        counts.failed += 1;
        report.fail(write.row, [importMessages.notStored(write.orderNumber, reason)]);
      }
      for (const write of replaced) {
        // Another import created the order first: this row updated it.
        if (!write.inserts || createdByUpsert.has(write)) continue;
        counts.created -= 1;
        counts.updated += 1;
      }
    }
    counts.written += batch.rows;
    // Paired with `add`, which notes the first row of a batch that has rows.
    if (batch.rows) this.unstoredFrom.shift();
  }

  /**
   * The answer to an import the database stopped (a batch cut off, or any read or write failing
   * because the database cannot be reached): how many orders of the file are stored, before which
   * row. Undefined for another error.
   */
  answerTo(error: unknown): HttpError | undefined {
    if (this.cut) return this.cut;
    if (!isDatabaseUnavailable(error)) return undefined;
    return this.stoppedAt(this.unstoredFrom[0] ?? 0);
  }

  private stoppedAt(row: number, unchecked?: { from: number; to: number }): HttpError {
    return new HttpError(503, importMessages.cut, [
      { message: importMessages.storedBefore(this.storedOrders, row) },
      ...(unchecked ? [{ message: importMessages.unchecked(unchecked.from, unchecked.to) }] : []),
    ]);
  }

  /**
   * The answer to a batch the database cut off: its writes found stored count, and the rows of
   * writes the database could not be asked about are named.
   */
  private cutOff(cut: WriteCutError<RowWrite>, batch: PlannedBatch): HttpError {
    this.storedOrders += cut.stored.length;
    const [first] = cut.unknown;
    const last = cut.unknown.at(-1);
    this.cut = this.stoppedAt(
      first?.row ?? this.unstoredFrom[1] ?? batch.endRow,
      !cut.checked && first && last ? { from: first.row, to: last.row } : undefined,
    );
    return this.cut;
  }
}

const unchanged = (set: EntryFields, stored: StoredEntry) =>
  Object.entries(set).every(([field, value]) =>
    sameStoredValue(
      value,
      field === 'statusRule'
        ? storedStatusOf(stored).statusRule
        : stored[field as keyof StoredEntry],
    ),
  );
