import type { Readable } from 'node:stream';
import type { Model } from 'mongoose';
import type { reportExportRequest } from '@onvelope/contracts';
import { forAccount, HttpError, type Logger } from '@onvelope/service-kit';
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

/** `onvelope-report-20260301-140509.csv` (spec 000 §9: a product prefix, a timestamp, the extension; UTC). */
export function reportFilename(format: Format, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `onvelope-report-${stamp}.${format}`;
}

/**
 * Spec 000 §7 `POST /api/reports/export`: the whole report (same filters and sort as the search, no
 * paging) in the chosen format, streamed as it is read from the database, so memory stays flat
 * however many rows match. Everything that can fail for a reason the seller should read (the pdf
 * row limit, the database) fails before this resolves, while a JSON error can still be answered;
 * a failure after that can only cut the download short, and is logged.
 */
export async function exportReport(
  { entries: model, log }: { entries: Model<TrackingEntryDocument>; log: Logger },
  accountId: string,
  request: ExportRequest,
  now: Date,
): Promise<ReportFile> {
  const entries = forAccount(model, accountId);
  const query = reportQueryOf(request);

  let total = 0;
  if (request.format === 'pdf') {
    // Counting stops one past the limit: the exact size of a report too big for a pdf is not needed.
    total = await model.countDocuments(entries.scope(query)).limit(PDF_ROW_LIMIT + 1);
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
    .find(query)
    .sort(reportSortOf(request.sortBy, request.sortDir))
    .select(reportProjection)
    .lean<ReportSource>()
    .cursor({ batchSize: CURSOR_BATCH });
  const first = await cursor.next();
  async function* rows() {
    for (let doc = first; doc; doc = await cursor.next()) yield toReportRow(doc);
  }

  const { contentType, write } = formats[request.format];
  const body = write(rows(), {
    description: describeReportFilters(request),
    generatedAt: now,
    total,
  });
  body.once('error', (error) => log.warn({ err: error }, 'report export ended early'));
  // The client may leave before the last row: the cursor is closed rather than left to time out.
  body.once('close', () => void cursor.close().catch(() => undefined));
  return { filename: reportFilename(request.format, now), contentType, body };
}
