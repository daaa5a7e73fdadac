import {
  csvPreviewBytes,
  PREVIEW_ROWS,
  type ColumnMapping,
  type ImportPreview,
  type PreviewOrder,
} from '@onvelope/contracts';
import { badRequest } from '@onvelope/service-kit/errors';
import { decideConventions, type SellerSettings } from '../import/file-conventions.js';
import { CONVENTION_SAMPLE_ORDERS, samplesOf } from '../import/import-csv.js';
import type { SavedMapping } from '../data/import-template.model.js';
import { readLayout, valuesOfRow, type FileLayout } from '../import/map-columns.js';
import { createOrderGrouper, type RawOrder } from '../import/order-rows.js';
import { createFileRowReader } from '../import/parse-file.js';
import { readingAssumptions } from '../import/reading-assumptions.js';
import { isReportFooter } from '../import/report-footer.js';
import { importMessages } from '../import/row-report.js';
import { parseCsvRow, type ImportedEntry, type RowContext } from '../import/validate-row.js';

/** The most of a file a preview reads (the browser sends `csvPreviewBytes` of it). */
export const PREVIEW_MAX_BYTES = 1024 * 1024;

/** The head of an uploaded file, and whether the file may go on past it. */
export interface FileHead {
  bytes: Buffer;
  /** The head may end inside a row: the browser sent a cut, or it is longer than a preview reads. */
  cut: boolean;
}

/**
 * Reads an uploaded file's first `PREVIEW_MAX_BYTES` and lets the rest go (the request is still
 * read to its end, so the answer can be read).
 */
export async function fileHeadOf(file: AsyncIterable<Buffer>): Promise<FileHead> {
  const chunks: Buffer[] = [];
  let size = 0;
  let received = 0;
  for await (const chunk of file) {
    received += chunk.length;
    if (size >= PREVIEW_MAX_BYTES) continue;
    const kept = chunk.subarray(0, PREVIEW_MAX_BYTES - size);
    chunks.push(kept);
    size += kept.length;
  }
  return { bytes: Buffer.concat(chunks), cut: received >= csvPreviewBytes };
}

export interface PreviewImportInput {
  head: FileHead;
  /** The mapping the seller sent, if any. */
  given: ColumnMapping | null;
  templates: readonly SavedMapping[];
  /** The seller's country (for ambiguous dates) and time zone (for dates without one). */
  seller: SellerSettings;
}

/** A data row of the head shown, or why the import refuses it before reading its cells. */
interface HeadRow {
  line: number;
  cells: string[];
  refused: string | null;
}

async function* chunksOf(bytes: Buffer) {
  yield bytes;
}

const iso = (date: Date | null) => date?.toISOString().slice(0, 10) ?? '';

/** What an order would be stored as, in the mapping step's words. */
function previewOrderOf(entry: ImportedEntry): PreviewOrder {
  const product = entry.productName && `${entry.quantity ?? 1} x ${entry.productName}`;
  return {
    orderNumber: entry.orderNumber,
    buyerName: entry.customerName ?? '',
    email: entry.email ?? '',
    postcode: entry.postcode ?? '',
    country: entry.shippingCountry ?? '',
    status: entry.status ?? '',
    orderDate: iso(entry.orderDate),
    items: entry.items ?? product ?? '',
    orderTotal: String(entry.orderTotal ?? entry.itemTotal ?? ''),
    currency: entry.currency ?? '',
  };
}

/**
 * The import's messages for an order were it new (a preview does not look at what is stored):
 * why it fails, else what it would not store or could not do.
 */
function judge(
  order: RawOrder,
  context: RowContext,
  layout: FileLayout,
): { order: PreviewOrder | null; errors: string[]; paddedZip: boolean } {
  const outcome = parseCsvRow(order.values, context, order.lines);
  if (!outcome.ok) return { order: null, errors: outcome.errors, paddedZip: false };
  const { entry, warnings, unknownStatus, noBuyer } = outcome;
  const paddedZip = outcome.paddedZip !== null;
  if (noBuyer) return { order: null, errors: [noBuyer], paddedZip };
  const errors = [...warnings];
  if (unknownStatus) errors.push(importMessages.unknownStatus(unknownStatus, 'pending'));
  const lacking = (['email', 'postcode'] as const).filter(
    (field) => layout.present.has(field) && !entry[field],
  );
  if (lacking.length) errors.push(importMessages.unfindable(lacking));
  return { order: previewOrderOf(entry), errors, paddedZip };
}

/**
 * The mapping step's preview (issue 39): the head of a file read as the import reads it, by the
 * same steps (`createFileRowReader`, `readLayout`, `valuesOfRow`, the order grouper, the file's
 * conventions from its first orders, `parseCsvRow`), nothing stored. A last row the head may have
 * cut is left out. Shows the first `PREVIEW_ROWS` data rows.
 */
export async function previewImport(input: PreviewImportInput): Promise<ImportPreview> {
  const reader = createFileRowReader();
  let header: string[] | undefined;
  let layout: FileLayout | undefined;
  let grouper = createOrderGrouper(false);
  const rows: HeadRow[] = [];
  const orders: RawOrder[] = [];
  let rowNumber = 0;
  let markedNumbers = 0;
  let complete = true;
  /** The last data row read. */
  let lastLine = 0;
  const take = (order: RawOrder | null) => {
    if (order) orders.push(order);
  };
  for await (const cells of reader.rowsOf(chunksOf(input.head.bytes))) {
    rowNumber = rowNumber ? rowNumber + 1 : reader.reading.skippedLines + 1;
    if (!layout) {
      header = cells;
      layout = readLayout(cells, { given: input.given, templates: input.templates });
      grouper = createOrderGrouper(layout.storeExport?.lineRows ?? false);
      continue;
    }
    if (cells.every((cell) => !cell.trim()) || isReportFooter(cells)) continue;
    // Enough to show, and to read the file's conventions from as the import would.
    if (rows.length >= PREVIEW_ROWS && orders.length >= CONVENTION_SAMPLE_ORDERS) {
      complete = false;
      break;
    }
    lastLine = rowNumber;
    const row = valuesOfRow(layout, cells);
    if ('refused' in row) {
      if (rows.length < PREVIEW_ROWS) rows.push({ line: rowNumber, cells, refused: row.refused });
      continue;
    }
    const finished = grouper.push(rowNumber, row.values);
    take(finished);
    if (rows.length < PREVIEW_ROWS) {
      markedNumbers += row.marked;
      rows.push({ line: rowNumber, cells, refused: null });
    }
  }
  if (!layout || !header) throw badRequest(importMessages.empty);
  if (complete && input.head.cut && lastLine) {
    // The head ended where the browser or the preview cut the file: its last row may be partial,
    // and so may the order it belongs to.
    if (rows.at(-1)?.line === lastLine) rows.pop();
    if (orders.at(-1)?.firstRow === lastLine) orders.pop();
  } else take(grouper.finish());

  const conventions = await decideConventions(
    samplesOf(orders.slice(0, CONVENTION_SAMPLE_ORDERS)),
    input.seller,
  );
  const context: RowContext = { conventions, storeExport: layout.storeExport };
  const byFirstRow = new Map(orders.map((order) => [order.firstRow, order]));
  let paddedZips = 0;
  const shown = rows.map(({ line, cells, refused }) => {
    if (refused) return { line, cells, order: null, errors: [refused] };
    const order = byFirstRow.get(line);
    if (!order) return { line, cells, order: null, errors: [] };
    const { paddedZip, ...judged } = judge(order, context, layout);
    if (paddedZip) paddedZips += 1;
    return { line, cells, ...judged };
  });
  return {
    reading: [
      ...readingAssumptions({
        reading: reader.reading,
        storeExport: layout.storeExport,
        header,
        fields: layout.fields,
        conventions,
        markedNumbers,
        paddedZips,
      }),
      ...layout.assumptions,
    ],
    platform: layout.storeExport?.name ?? null,
    headers: header,
    mapping: layout.mapping,
    mappingSource: layout.mappingSource,
    template: layout.template,
    missingFields: layout.missingFields,
    ignoredColumns: layout.ignored,
    rows: shown,
  };
}
