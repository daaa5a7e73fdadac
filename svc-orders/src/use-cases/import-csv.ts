import { Readable, pipeline } from 'node:stream';
import csvParser from 'csv-parser';
import { ordersMessages, type UploadResult } from '@onvelope/contracts';
import { badRequest, HttpError } from '@onvelope/service-kit';
import { columnsOf, detectSeparator, parseCsvRow, type CsvField } from '../domain/csv-columns.js';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';
import {
  ImportBatchWriter,
  type ImportWriterDeps,
  type PendingRow,
} from './import-batch-writer.js';
import { importMessages, RowReport, type ImportCounts } from './import-report.js';

/** Rows written per bulk write: large enough to amortise round trips, small enough to stay flat. */
const IMPORT_BATCH_SIZE = 1_000;
/** A row longer than this is a broken file (an unclosed quote swallowing the rest), not an order. */
const MAX_ROW_BYTES = 1024 * 1024;
/** How much of the file is read to find the header line and its separator. */
const HEADER_SNIFF_BYTES = 64 * 1024;

export interface ImportCsvInput {
  accountId: string;
  /** The file's bytes, read as they arrive. */
  file: AsyncIterable<Buffer>;
  /** The seller's keyword rules, in evaluation order, loaded once for the import. */
  rules: readonly KeywordRuleLike[];
  now?: () => Date;
}

export type ImportCsvDeps = ImportWriterDeps;

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

/**
 * Imports a CSV file of orders for one seller (spec 000 §5, §7), streaming: rows are validated,
 * the keyword rules applied, and every 1,000 rows written with one bulk upsert on the order number,
 * then announced as events. Re-importing an order updates what changed and skips it (with a
 * warning) when nothing did; a row that fails never stops the rest. See the README for the rules.
 */
export async function importCsv(deps: ImportCsvDeps, input: ImportCsvInput): Promise<UploadResult> {
  const report = new RowReport();
  const counts: ImportCounts = {
    total: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    written: 0,
  };
  let fields: (CsvField | null)[] = [];
  let writer: ImportBatchWriter | undefined;
  let batch: PendingRow[] = [];
  let rowNumber = 0;

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
        writer = new ImportBatchWriter(deps, {
          accountId: input.accountId,
          rules: input.rules,
          present: new Set(fields.filter((field): field is CsvField => field !== null)),
          report,
          counts,
          now: input.now ?? (() => new Date()),
        });
        if (columns.ignored.length) {
          report.warn(1, `Columns not used by the import: ${columns.ignored.join(', ')}`);
        }
        continue;
      }
      if (cells.every((cell) => !cell.trim())) continue;
      if (cells.some((cell) => cell.startsWith('"') && /[\r\n]/.test(cell))) {
        await writer?.finish();
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
      if (batch.length >= IMPORT_BATCH_SIZE) {
        await writer?.add(batch);
        batch = [];
      }
    }
    if (rowNumber === 0) throw badRequest(importMessages.empty);
    if (counts.total === 0) throw badRequest(importMessages.noRows);
    if (batch.length) await writer?.add(batch);
    await writer?.finish();
  } catch (error) {
    // A file that breaks off keeps what came before it, as whole batches: the one being written
    // and the one planned are stored before the answer (unless a write failed), none after it.
    await writer?.finish().catch(() => undefined);
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
