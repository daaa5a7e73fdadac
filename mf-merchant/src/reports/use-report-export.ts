import { useCallback, useState } from 'react';
import { type exportFormats, exportReport } from '@onvelope/contracts';
import { saveFile } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import {
  exportFailureMessage,
  fallbackReportFilename,
  reportFiltersOf,
  type ReportFilterForm,
} from './report-filters.js';

export type ExportFormat = (typeof exportFormats)[number];

/**
 * Runs one export at a time (spec 000 §7 `POST /api/reports/export`): the file comes with the bearer
 * token, so it is fetched, not linked, then handed to the browser under the server's file name.
 */
export function useReportExport() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (form: ReportFilterForm, format: ExportFormat) => {
    setExporting(format);
    setError(null);
    try {
      const file = await merchantApi.download(exportReport, {
        body: { ...reportFiltersOf(form), format },
      });
      saveFile(file.blob, file.filename ?? fallbackReportFilename(format, new Date()));
    } catch (caught) {
      setError(exportFailureMessage(caught));
    } finally {
      setExporting(null);
    }
  }, []);

  return { exporting, error, run };
}
