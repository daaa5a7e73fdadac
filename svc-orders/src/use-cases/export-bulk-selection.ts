import type { Model } from 'mongoose';
import type { BulkExportRequest } from '@onvelope/contracts';
import type { Logger } from '@onvelope/service-kit/observability';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { reportSortOf } from '../domain/report-query.js';
import { describeSelection, selectionQueryOf } from './bulk-selection.js';
import { exportRows, type ReportFile } from './export-report.js';

/**
 * POST /api/upload/bulk-export (issue 38 item 5): the selected orders, exactly those ticked or
 * every one matching the dashboard's filter, and only the seller's own, as the report export
 * writes them (its columns and formats, newest first), streamed as they are read. Not a job: the
 * download itself is the progress, and nothing needs storing (`exportRows`).
 */
export function exportBulkSelection(
  deps: { entries: Model<TrackingEntryDocument>; log: Logger },
  accountId: string,
  { selection, format }: BulkExportRequest,
  now: Date,
): Promise<ReportFile> {
  return exportRows(
    deps,
    accountId,
    {
      query: selectionQueryOf(accountId, selection),
      sort: reportSortOf('createdAt', 'desc'),
      description: describeSelection(selection),
      name: 'selection',
    },
    format,
    now,
  );
}
