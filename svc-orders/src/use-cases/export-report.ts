import type { Readable } from 'node:stream';
import type { QueryFilter, Model, SortOrder } from 'mongoose';
import type { reportExportRequest } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { describeReportFilters, reportQueryOf, reportSortOf } from '../domain/report-query.js';
import { writeCsv } from '../export/csv-writer.js';
import { PDF_ROW_LIMIT, pdfRowLimitMessage, writePdf } from '../export/pdf-writer.js';
import type { ReportInfo } from '../export/report-columns.js';
import { writeXlsx } from '../export/xlsx-writer.js';
import { reportProjection, toReportRow, type ReportSource } from './search-report.js';

type ExportRequest = z.output<typeof reportExportRequest>;
type Format = ExportRequest['format'];

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

const formats: Record<
  Format,
  {
    contentType: string;
    write: (rows: AsyncIterable<ReturnType<typeof toReportRow>>, info: ReportInfo) => Readable;
  }
> = {
  csv: { contentType: 'text/csv; charset=utf-8', write: writeCsv },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    write: writeXlsx,
  },
  pdf: { contentType: 'application/pdf', write: writePdf },
};

/** Rows travel from the database in batches of this many. */
const CURSOR_BATCH = 500;

/**
 * `onvelope-report-20260301-140509.csv` (spec 000 §9: a product prefix, a timestamp, the extension;
 * UTC); `name` says what was exported ('selection' for a bulk export).
 */
export function reportFilename(format: Format, at: Date, name = 'report'): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `onvelope-${name}-${stamp}.${format}`;
}

/** Which of the seller's orders a file holds, in which order, and how its title says so. */
export interface ExportedRows {
  /** A query on tracking entries, without the account (the repository adds it). */
  query: QueryFilter<unknown>;
  sort: Record<string, SortOrder>;
  /** In words, for the title of a pdf. */
  description: string;
  /** The file name's middle part (`reportFilename`). */
  name?: string;
}

/**
 * The seller's orders that `rows` names, in the chosen format with the report's columns, streamed
 * as they are read from the database, so memory stays flat however many rows match. Everything
 * that can fail for a reason the seller should read (the pdf row limit, the database) fails before
 * this resolves, while a JSON error can still be answered; a failure after that can only cut the
 * download short, and is logged.
 */
export async function exportRows(
  { entries: model, log }: { entries: Model<TrackingEntryDocument>; log: Logger },
  accountId: string,
  rows: ExportedRows,
  format: Format,
  now: Date,
): Promise<ReportFile> {
  const entries = forAccount(model, accountId);

  let total = 0;
  if (format === 'pdf') {
    // Counting stops one past the limit: the exact size of a report too big for a pdf is not needed.
    total = await model.countDocuments(entries.scope(rows.query)).limit(PDF_ROW_LIMIT + 1);
    if (total > PDF_ROW_LIMIT) {
      throw new HttpError(400, pdfRowLimitMessage, [
        {
          path: 'body.format',
          message: `More than ${PDF_ROW_LIMIT.toLocaleString('en-US')} orders match these filters.`,
        },
      ]);
    }
  }

  const cursor = entries
    .find(rows.query)
    .sort(rows.sort)
    .select(reportProjection)
    .lean<ReportSource>()
    .cursor({ batchSize: CURSOR_BATCH });
  const first = await cursor.next();
  async function* reportRows() {
    for (let doc = first; doc; doc = await cursor.next()) yield toReportRow(doc);
  }

  const { contentType, write } = formats[format];
  const body = write(reportRows(), { description: rows.description, generatedAt: now, total });
  body.once('error', (error) => log.warn({ err: error }, 'report export ended early'));
  // The client may leave before the last row: the cursor is closed rather than left to time out.
  body.once('close', () => void cursor.close().catch(() => undefined));
  return { filename: reportFilename(format, now, rows.name), contentType, body };
}

/**
 * Spec 000 §7 `POST /api/reports/export`: the whole report (same filters and sort as the search, no
 * paging) in the chosen format, streamed (`exportRows`).
 */
export function exportReport(
  deps: { entries: Model<TrackingEntryDocument>; log: Logger },
  accountId: string,
  request: ExportRequest,
  now: Date,
): Promise<ReportFile> {
  return exportRows(
    deps,
    accountId,
    {
      query: reportQueryOf(request),
      sort: reportSortOf(request.sortBy, request.sortDir),
      description: describeReportFilters(request),
    },
    request.format,
    now,
  );
}
