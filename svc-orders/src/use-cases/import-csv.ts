import { Readable, pipeline } from 'node:stream';
import csvParser from 'csv-parser';
import mongoose, { type AnyBulkWriteOperation, type Model } from 'mongoose';
import { ordersMessages, type UploadResult } from '@onvelope/contracts';
import { badRequest, forAccount, HttpError, type NatsConnection } from '@onvelope/service-kit';
import {
  orderKeyOf,
  sameStoredValue,
  searchTermsOf,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { writeInOrder, type OrderedWrite } from '../data/write-in-order.js';
import {
  columnsOf,
  csvFields,
  detectSeparator,
  parseCsvRow,
  type CsvField,
  type ImportedEntry,
} from '../domain/csv-columns.js';
import { evaluateKeywordRules, type KeywordRuleLike } from '../domain/keyword-rules.js';
import {
  changeOf,
  publishTrackingEntriesUpserted,
  type TrackingEntryChange,
} from '../events/tracking-entry-events.js';

export const importMessages = {
  empty: 'The CSV file is empty',
  noRows: 'The CSV file has a header row but no orders',
  missingColumns: (missing: string[]) =>
    `The CSV file is missing required columns: ${missing.join(', ')}`,
  notUtf8: 'The file is not UTF-8 text; save it as "CSV UTF-8" and upload it again',
  binary: 'The file contains binary data, not CSV text',
  unclosedQuote: 'a quoted field is opened and never closed',
  sameData: (orderNumber: string) => `Order ${orderNumber} already exists with the same data`,
  duplicate: (orderNumber: string, firstRow: number) =>
    `Order ${orderNumber} also appears on row ${firstRow}; the later row wins`,
  statusKept: (orderNumber: string, stored: string, given: string) =>
    `Order ${orderNumber} is already ${stored}; the file's status '${given}' was not applied`,
  raced: (orderNumber: string) =>
    `Order ${orderNumber} was changed by another import at the same time; upload the file again`,
} as const;

/** Rows written per bulk write: large enough to amortise round trips, small enough to stay flat. */
export const IMPORT_BATCH_SIZE = 1_000;
/** Warnings and errors kept in the answer; beyond this a file is mostly wrong and one line says so. */
export const MAX_REPORTED_ROWS = 1_000;
/** A row longer than this is a broken file (an unclosed quote swallowing the rest), not an order. */
const MAX_ROW_BYTES = 1024 * 1024;
/** How much of the file is read to find the header line and its separator. */
const HEADER_SNIFF_BYTES = 64 * 1024;

// A status the file may not move an order back from (the seller shipped it after the export).
const advancedStatuses = new Set(['shipped', 'partially_shipped', 'delivered']);
const openStatuses = new Set(['pending', 'processing']);

export interface ImportCsvInput {
  accountId: string;
  /** The file's bytes, read as they arrive. */
  file: AsyncIterable<Buffer>;
  /** The seller's keyword rules, in evaluation order, loaded once for the import. */
  rules: readonly KeywordRuleLike[];
  now?: () => Date;
}

export interface ImportCsvDeps {
  entries: Model<TrackingEntryDocument>;
  nats: NatsConnection;
}

type StoredEntry = Partial<TrackingEntryDocument> & { orderNumber: string };

const parseFailure = (detail: string) =>
  badRequest(ordersMessages.parseFailed, [{ message: detail }]);

/**
 * The file as CSV rows (arrays of cells), read as the bytes arrive: the header line is sniffed for
 * its separator, a UTF-8 byte-order mark is dropped, and text that is not UTF-8 or holds NUL bytes
 * is refused as unparseable.
 */
async function* csvRowsOf(file: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const chunks = file[Symbol.asyncIterator]();
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const check = (chunk: Buffer, last: boolean) => {
    if (chunk.includes(0)) throw parseFailure(importMessages.binary);
    try {
      utf8.decode(chunk, { stream: !last });
    } catch {
      throw parseFailure(importMessages.notUtf8);
    }
    return chunk;
  };

  let head = Buffer.alloc(0);
  let ended = false;
  while (!head.includes(0x0a) && head.length < HEADER_SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
  }
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) head = head.subarray(3);
  if (!head.toString('utf8').trim()) throw badRequest(importMessages.empty);
  check(head, ended);

  const headerLine = head.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const parser = csvParser({
    headers: false,
    separator: detectSeparator(headerLine),
    maxRowBytes: MAX_ROW_BYTES,
  });
  const source = Readable.from(
    (async function* () {
      yield head;
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        yield check(next.value, false);
      }
      check(Buffer.alloc(0), true);
    })(),
    { objectMode: false },
  );
  pipeline(source, parser, () => {
    // Errors reach the reader through the parser.
  });
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      yield Object.values(row);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw parseFailure((error as Error).message);
  }
}

class RowReport {
  readonly warnings: UploadResult['warnings'] = [];
  readonly errors: UploadResult['errors'] = [];
  private droppedWarnings = 0;
  private droppedErrors = 0;

  warn(row: number, message: string) {
    if (this.warnings.length < MAX_REPORTED_ROWS) this.warnings.push({ row, message });
    else this.droppedWarnings += 1;
  }
  fail(row: number, errors: string[]) {
    if (this.errors.length < MAX_REPORTED_ROWS) this.errors.push({ row, errors });
    else this.droppedErrors += 1;
  }
  finish() {
    // A batch's write warnings arrive while the next batch is parsed; the seller reads by row.
    const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
    this.warnings.sort(byRow);
    this.errors.sort(byRow);
    if (this.droppedWarnings) {
      this.warnings.push({ row: 0, message: `${this.droppedWarnings} more warnings not listed` });
    }
    if (this.droppedErrors) {
      this.errors.push({ row: 0, errors: [`${this.droppedErrors} more failed rows not listed`] });
    }
  }
}

interface PendingRow {
  row: number;
  entry: ImportedEntry;
}

/**
 * Imports a CSV file of orders for one seller (spec 000 §5, §7), streaming: rows are validated,
 * the keyword rules applied, and every 1,000 rows written with one bulk upsert on the order number,
 * then announced as events. Re-importing an order updates what changed and skips it (with a
 * warning) when nothing did; a row that fails never stops the rest. See the README for the rules.
 */
export async function importCsv(deps: ImportCsvDeps, input: ImportCsvInput): Promise<UploadResult> {
  const entries = forAccount(deps.entries, input.accountId);
  const now = input.now ?? (() => new Date());
  const report = new RowReport();
  const firstRowOf = new Map<string, number>();
  const counts = { total: 0, created: 0, updated: 0, skipped: 0, failed: 0, written: 0 };

  let present = new Set<CsvField>();
  let fields: (CsvField | null)[] = [];
  let batch: PendingRow[] = [];
  let rowNumber = 0;

  // One batch is written while the next is parsed: the file is read on during the database's
  // round trips. A batch is written only once the one before it is stored, so it reads what that
  // one wrote (an order number repeated across batches is an update of the earlier row).
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!batch.length) return;
    const pending = batch;
    batch = [];
    await writing;
    writing = writeBatch(
      deps,
      input,
      entries,
      pending,
      present,
      report,
      firstRowOf,
      counts,
      now(),
    ).then(() => {
      counts.written += pending.length;
    });
    // Its failure is thrown by the next `await writing`; this stops it counting as unhandled.
    writing.catch(() => undefined);
  };

  try {
    for await (const cells of csvRowsOf(input.file)) {
      rowNumber += 1;
      if (rowNumber === 1) {
        const columns = columnsOf(cells);
        if (columns.missing.length) {
          throw badRequest(
            importMessages.missingColumns(columns.missing),
            columns.missing.map((column) => ({
              message: `Missing column: ${column}`,
              path: column,
            })),
          );
        }
        fields = columns.fields;
        present = new Set(fields.filter((field): field is CsvField => field !== null));
        if (columns.ignored.length) {
          report.warn(1, `Columns not used by the import: ${columns.ignored.join(', ')}`);
        }
        continue;
      }
      if (cells.every((cell) => !cell.trim())) continue;
      if (cells.some((cell) => cell.startsWith('"') && /[\r\n]/.test(cell))) {
        await writing;
        throw badRequest(ordersMessages.parseFailed, [
          { message: `Row ${rowNumber}: ${importMessages.unclosedQuote}` },
          { message: `${counts.written} rows before it were imported` },
        ]);
      }
      counts.total += 1;
      const extra = cells.slice(fields.length).filter((cell) => cell.trim());
      if (extra.length) {
        counts.failed += 1;
        report.fail(rowNumber, [
          `The row has ${fields.length + extra.length} values but the header has ${fields.length} columns`,
        ]);
        continue;
      }
      const values: Partial<Record<CsvField, string>> = {};
      fields.forEach((field, index) => {
        const cell = cells[index];
        if (field && cell !== undefined && !values[field]?.trim()) values[field] = cell;
      });
      const outcome = parseCsvRow(values);
      if (!outcome.ok) {
        counts.failed += 1;
        report.fail(rowNumber, outcome.errors);
        continue;
      }
      for (const warning of outcome.warnings) report.warn(rowNumber, warning);
      batch.push({ row: rowNumber, entry: outcome.entry });
      if (batch.length >= IMPORT_BATCH_SIZE) await flush();
    }
    if (rowNumber === 0) throw badRequest(importMessages.empty);
    if (counts.total === 0) throw badRequest(importMessages.noRows);
    await flush();
    await writing;
  } catch (error) {
    // The answer waits for the batch being written, so nothing is written after it.
    await writing.catch(() => undefined);
    throw error;
  }
  report.finish();

  const successfulRows = counts.created + counts.updated;
  return {
    success: successfulRows + counts.skipped > 0,
    totalRows: counts.total,
    successfulRows,
    skippedRows: counts.skipped,
    failedRows: counts.failed,
    message:
      `Processed ${counts.total} rows: ${successfulRows} imported (${counts.created} new, ` +
      `${counts.updated} updated), ${counts.skipped} skipped, ${counts.failed} failed.`,
    warnings: report.warnings,
    errors: report.errors,
  };
}

/** Every field a file can fill but the order number, which identifies the entry. */
const comparedFields = csvFields.filter(
  (field): field is Exclude<CsvField, 'orderNumber'> => field !== 'orderNumber',
) satisfies readonly (keyof ImportedEntry)[];

/**
 * What a row changes on an entry: the values the file gives (a blank cell or an absent column
 * keeps the stored value), the status (never moved back from shipped), and the keyword rules'
 * message and status.
 */
function changesOf(
  row: PendingRow,
  stored: StoredEntry | undefined,
  present: Set<CsvField>,
  rules: readonly KeywordRuleLike[],
  now: Date,
  report: RowReport,
): Record<string, unknown> {
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

const unchanged = (set: Record<string, unknown>, stored: StoredEntry) =>
  Object.entries(set).every(([field, value]) =>
    sameStoredValue(value, stored[field as keyof StoredEntry]),
  );

/** What an entry a file creates holds before the row's values: every field it could fill, null. */
const insertDefaults: Record<string, unknown> = {
  ...Object.fromEntries(
    [...comparedFields, 'keywordMessage', 'keywordExplanation'].map((field) => [field, null]),
  ),
  source: 'csv',
  merchant: null,
};

/**
 * The account's entries with these order numbers. Looked up by `orderKey`, which holds the
 * account, so the query is tenant-scoped by construction (see the model for why not
 * `{ accountId, orderNumber: { $in } }`); the account is checked again on what comes back.
 */
async function findByOrderNumbers(
  deps: ImportCsvDeps,
  accountId: string,
  orderNumbers: string[],
): Promise<TrackingEntryDocument[]> {
  const docs = await deps.entries
    .find({
      orderKey: { $in: orderNumbers.map((orderNumber) => orderKeyOf(accountId, orderNumber)) },
    })
    .select({ searchTerms: 0 })
    .lean<TrackingEntryDocument[]>();
  return docs.filter((doc) => doc.accountId === accountId);
}

interface RowWrite extends OrderedWrite {
  row: number;
  orderNumber: string;
  /** The whole entry when the write inserts it (its id and version 1 are then known here). */
  inserted?: TrackingEntryDocument;
}

async function writeBatch(
  deps: ImportCsvDeps,
  input: ImportCsvInput,
  entries: ReturnType<typeof forAccount<TrackingEntryDocument>>,
  batch: PendingRow[],
  present: Set<CsvField>,
  report: RowReport,
  firstRowOf: Map<string, number>,
  counts: { created: number; updated: number; skipped: number; failed: number },
  now: Date,
) {
  const { accountId } = input;
  const orderNumbers = [...new Set(batch.map(({ entry }) => entry.orderNumber))];
  const stored = new Map<string, StoredEntry>();
  for (const doc of await findByOrderNumbers(deps, accountId, orderNumbers)) {
    stored.set(doc.orderNumber, doc);
  }

  // The upsert that creates or updates an entry, whoever wrote it last.
  const upsertOf = (orderNumber: string, $set: Record<string, unknown>): AnyBulkWriteOperation => {
    const onInsert: Record<string, unknown> = {
      accountId,
      orderNumber,
      orderKey: orderKeyOf(accountId, orderNumber),
      createdAt: now,
    };
    for (const [field, value] of Object.entries(insertDefaults)) {
      if (!(field in $set)) onInsert[field] = value;
    }
    return {
      updateOne: {
        filter: entries.scope({ orderNumber }),
        update: { $set, $inc: { version: 1 }, $setOnInsert: onInsert },
        upsert: true,
      },
    };
  };

  const writes: RowWrite[] = [];
  const writesOf = new Map<string, number>();
  for (const pending of batch) {
    const { orderNumber } = pending.entry;
    const firstRow = firstRowOf.get(orderNumber);
    if (firstRow !== undefined)
      report.warn(pending.row, importMessages.duplicate(orderNumber, firstRow));
    else firstRowOf.set(orderNumber, pending.row);

    const before = stored.get(orderNumber);
    const set = changesOf(pending, before, present, input.rules, now, report);
    if (before && unchanged(set, before)) {
      counts.skipped += 1;
      report.warn(pending.row, importMessages.sameData(orderNumber));
      continue;
    }
    writesOf.set(orderNumber, (writesOf.get(orderNumber) ?? 0) + 1);
    if (before) {
      const after = { ...before, ...set } as StoredEntry;
      set.searchTerms = searchTermsOf(after);
      set.updatedAt = now;
      const upsert = upsertOf(orderNumber, set);
      // A concurrent import may create the order between the read and this upsert: run it again.
      writes.push({ row: pending.row, orderNumber, operation: upsert, onDuplicate: () => upsert });
      stored.set(orderNumber, after);
      counts.updated += 1;
      continue;
    }
    // A new order is inserted whole (much cheaper than an upsert); should another import have
    // created it meanwhile, the insert is run as the upsert instead.
    const document = {
      ...insertDefaults,
      ...set,
      _id: new mongoose.Types.ObjectId(),
      accountId,
      orderNumber,
      orderKey: orderKeyOf(accountId, orderNumber),
      version: 1,
      createdAt: now,
      updatedAt: now,
    } as unknown as TrackingEntryDocument;
    document.searchTerms = searchTermsOf(document);
    writes.push({
      row: pending.row,
      orderNumber,
      operation: { insertOne: { document } },
      inserted: document,
      onDuplicate: () => {
        const { searchTerms } = document;
        return upsertOf(orderNumber, { ...set, searchTerms, updatedAt: now });
      },
    });
    stored.set(orderNumber, document);
    counts.created += 1;
  }
  if (!writes.length) return;
  const { skipped, replaced } = await writeInOrder(deps.entries, writes);
  for (const write of skipped) {
    counts[write.inserted ? 'created' : 'updated'] -= 1;
    counts.failed += 1;
    report.fail(write.row, [importMessages.raced(write.orderNumber)]);
  }

  // An entry this batch inserted with its only write is known in full here; any other (updated,
  // written twice in the batch, or raced) is read back for its id and version.
  const changes: TrackingEntryChange[] = [];
  const readBack = new Set<string>();
  for (const write of writes) {
    if (skipped.has(write)) continue;
    if (write.inserted && !replaced.has(write) && writesOf.get(write.orderNumber) === 1) {
      changes.push(changeOf(write.inserted));
    } else {
      readBack.add(write.orderNumber);
    }
  }
  if (readBack.size) {
    for (const doc of await findByOrderNumbers(deps, accountId, [...readBack])) {
      changes.push(changeOf(doc));
    }
  }
  if (changes.length) await publishTrackingEntriesUpserted(deps.nats, accountId, changes);
}
