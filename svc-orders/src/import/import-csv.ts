import { ordersMessages, type UploadResult } from '@onvelope/contracts';
import { badRequest } from '@onvelope/service-kit/errors';
import { type ForegroundCalls } from '@onvelope/service-kit/work';
import type { KeywordRuleLike } from '../domain/keyword-rules.js';
import { decideConventions, type SellerSettings } from './file-conventions.js';
import { layoutOf, valuesOfRow, type FileLayout, type MappingChoice } from './map-columns.js';
import { createOrderGrouper, type RawOrder } from './order-rows.js';
import { createFileRowReader } from './parse-file.js';
import { readingAssumptions } from './reading-assumptions.js';
import { isReportFooter } from './report-footer.js';
import { importMessages, RowReport, type ImportCounts } from './row-report.js';
import { parseCsvRow, type RowContext } from './validate-row.js';
import { ImportBatchWriter, type ImportWriterDeps, type PendingRow } from './write-batch.js';

/** Rows written per bulk write: large enough to amortise round trips, small enough to stay flat. */
const IMPORT_BATCH_SIZE = 1_000;
/** The first orders of a file, from whose dates and amounts its conventions are read. */
export const CONVENTION_SAMPLE_ORDERS = IMPORT_BATCH_SIZE;
/**
 * Rows per batch while the service has answered other calls within `BESIDE_CALLS_MS` (so a call
 * coming at row 700 makes a batch of 700): each batch holds svc-orders' event loop and the
 * database for a stretch, and a dashboard call that comes during one waits for it. Smaller
 * batches cost the import time only while others use the service (`bench/README.md`, "Per-seller
 * cost and mixed load"; issue 18).
 */
const IMPORT_BATCH_SIZE_BESIDE_CALLS = 100;
/** How recent an answered call makes the import write small batches. */
export const BESIDE_CALLS_MS = 1_000;
/**
 * File rows read between two pauses in which the import gives way to the service's other calls
 * (`ForegroundCalls.givingWay`): about a millisecond of work here.
 */
const ROWS_BETWEEN_PAUSES = 50;

export interface ImportCsvInput {
  accountId: string;
  /** The file's bytes, read as they arrive. */
  file: AsyncIterable<Buffer>;
  /** The seller's keyword rules, in evaluation order, loaded once for the import. */
  rules: readonly KeywordRuleLike[];
  /** The seller's country (for ambiguous dates) and time zone (for dates without one). */
  seller: SellerSettings;
  /** The mapping sent with the file and the seller's saved ones (issue 39). */
  mapping?: MappingChoice;
  now?: () => Date;
}

/** The date and money cells of the first orders, from which the file's conventions are read. */
export function samplesOf(orders: readonly RawOrder[]) {
  const dates: string[] = [];
  const amounts: string[] = [];
  for (const { values, lines } of orders) {
    for (const field of ['orderDate', 'shippedAt'] as const)
      if (values[field]) dates.push(values[field]);
    for (const cells of [values, ...lines]) {
      for (const field of ['itemTotal', 'orderTotal', 'itemPrice', 'linePrice'] as const) {
        if (cells[field]) amounts.push(cells[field]);
      }
    }
  }
  return { dates, amounts };
}

export interface ImportCsvDeps extends ImportWriterDeps {
  /** The calls answered beside the import, which it pauses and writes smaller batches for. */
  foreground: Pick<ForegroundCalls, 'givingWay' | 'isQuiet'>;
}

/**
 * Imports a CSV file of orders for one seller (spec 000 §5, §7), streaming: rows are grouped into
 * orders (a store export's line-item rows make one order), validated, the keyword rules applied,
 * and every 1,000 orders (100 beside other calls) written with one bulk upsert on the
 * order number, then announced as events. The first 1,000 orders are held until the file's date
 * order and decimal mark are known, so every row is read alike. Re-importing an order updates what
 * changed and skips it (with a warning) when nothing did; an order that fails never stops the rest.
 * See the README for the rules and the store exports it recognises.
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
  let layout: FileLayout | undefined;
  let writer: ImportBatchWriter | undefined;
  let grouper = createOrderGrouper(false);
  let context: RowContext | undefined;
  let undecided: RawOrder[] = [];
  let batch: PendingRow[] = [];
  const giveWay = deps.foreground.givingWay();
  let rowNumber = 0;
  let lineRows = 0;
  const reader = createFileRowReader();
  let header: string[] = [];
  /** Cells whose spreadsheet text marker was taken off ('03038 → 03038). */
  let markedNumbers = 0;
  /** US ZIP codes given back their leading zeros. */
  let paddedZips = 0;

  const parse = async (order: RawOrder) => {
    counts.total += 1;
    const outcome = parseCsvRow(order.values, context, order.lines);
    if (!outcome.ok) {
      counts.failed += 1;
      report.fail(order.firstRow, outcome.errors);
      return;
    }
    // Its warnings are said once the writer knows the order: a row refused for naming no buyer
    // of a new order says only that.
    const { entry, warnings, unknownStatus, noBuyer, paddedZip } = outcome;
    if (paddedZip) paddedZips += 1;
    batch.push({ row: order.firstRow, entry, warnings, unknownStatus, noBuyer, paddedZip });
    // The clock is read only once a batch could be written beside calls, not for every row.
    const written =
      batch.length >= IMPORT_BATCH_SIZE ||
      (batch.length >= IMPORT_BATCH_SIZE_BESIDE_CALLS && !deps.foreground.isQuiet(BESIDE_CALLS_MS));
    if (written) {
      const full = batch;
      batch = [];
      await writer?.add(full);
    }
  };
  const decide = async () => {
    const conventions = await decideConventions(samplesOf(undecided), input.seller);
    context = { conventions, storeExport: layout?.storeExport ?? null };
    for (const order of undecided) await parse(order);
    undecided = [];
  };
  const take = async (order: RawOrder | null) => {
    if (!order) return;
    if (context) return parse(order);
    undecided.push(order);
    if (undecided.length >= CONVENTION_SAMPLE_ORDERS) await decide();
  };

  try {
    for await (const cells of reader.rowsOf(input.file)) {
      // Rows are numbered as in a spreadsheet, lines before the header included.
      rowNumber = rowNumber ? rowNumber + 1 : reader.reading.skippedLines + 1;
      if (rowNumber % ROWS_BETWEEN_PAUSES === 0) await giveWay();
      if (!layout) {
        header = cells;
        layout = layoutOf(cells, input.mapping);
        grouper = createOrderGrouper(layout.storeExport?.lineRows ?? false);
        writer = new ImportBatchWriter(deps, {
          accountId: input.accountId,
          rules: input.rules,
          present: layout.present,
          report,
          counts,
          now: input.now ?? (() => new Date()),
          giveWay,
        });
        if (layout.ignored.length) {
          report.warn(rowNumber, `Columns not used by the import: ${layout.ignored.join(', ')}`);
        }
        continue;
      }
      if (cells.every((cell) => !cell.trim()) || isReportFooter(cells)) continue;
      if (cells.some((cell) => cell.startsWith('"') && /[\r\n]/.test(cell))) {
        await take(grouper.finish());
        if (!context) await decide();
        if (batch.length) await writer?.add(batch);
        batch = [];
        await writer?.finish();
        throw badRequest(ordersMessages.parseFailed, [
          { message: `Row ${rowNumber}: ${importMessages.unclosedQuote}` },
          { message: `${counts.written} rows before it were imported` },
        ]);
      }
      const row = valuesOfRow(layout, cells);
      if ('refused' in row) {
        counts.total += 1;
        counts.failed += 1;
        report.fail(rowNumber, [row.refused]);
        continue;
      }
      lineRows += 1;
      markedNumbers += row.marked;
      await take(grouper.push(rowNumber, row.values));
    }
    if (!layout) throw badRequest(importMessages.empty);
    await take(grouper.finish());
    if (!context) await decide();
    if (counts.total === 0) throw badRequest(importMessages.noRows);
    if (batch.length) await writer?.add(batch);
    await writer?.finish();
  } catch (error) {
    // A file that breaks off keeps what came before it, as whole batches: the one being written
    // and the one planned are stored before the answer (unless a write failed), none after it.
    await writer?.finish().catch(() => undefined);
    throw writer?.answerTo(error) ?? error;
  }
  report.finish();

  const successfulRows = counts.created + counts.updated;
  const storeExport = layout?.storeExport;
  const read = storeExport
    ? `Read as ${/^[aeiou]/i.test(storeExport.name) ? 'an' : 'a'} ${storeExport.name}. ` +
      (storeExport.lineRows
        ? `Processed ${counts.total} orders from ${lineRows} line rows`
        : `Processed ${counts.total} orders`)
    : `Processed ${counts.total} rows`;
  const note = context?.conventions.note ? ` ${context.conventions.note}.` : '';
  return {
    success: successfulRows + counts.skipped > 0,
    totalRows: counts.total,
    successfulRows,
    skippedRows: counts.skipped,
    failedRows: counts.failed,
    message:
      `${read}: ${successfulRows} imported (${counts.created} new, ` +
      `${counts.updated} updated), ${counts.skipped} skipped, ${counts.failed} failed.${note}`,
    warnings: report.warnings,
    errors: report.errors,
    assumptions: [
      ...readingAssumptions({
        reading: reader.reading,
        storeExport: storeExport ?? null,
        header,
        fields: layout?.fields ?? [],
        conventions: context?.conventions ?? null,
        markedNumbers,
        paddedZips,
      }),
      ...(layout?.assumptions ?? []),
    ],
  };
}
