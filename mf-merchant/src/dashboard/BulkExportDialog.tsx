import { useEffect, useState } from 'react';
import {
  countBulkSelection,
  exportBulkSelection,
  exportFormats,
  type BulkSelection,
} from '@onvelope/contracts';
import { failureMessage, saveFile } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { exportFormatLabels, ordersText, type ExportFormat } from './bulk-selection.js';
import { exportFailureMessage, fallbackReportFilename } from '../reports/report-filters.js';
import { DialogActions } from '../components/DialogActions.js';

interface BulkExportDialogProps {
  selection: BulkSelection;
  onClose: () => void;
}

/**
 * "Export…" from the bulk bar (issue 38 item 5): the format, a confirmation with the count, then
 * the file, with exactly the selected orders and the report export's columns. The service streams
 * it as it reads the orders; the dialog shows it is under way until the browser has it.
 */
export function BulkExportDialog({ selection, onClose }: BulkExportDialogProps) {
  const [total, setTotal] = useState<number | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [failure, setFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    merchantApi
      .call(countBulkSelection, { body: { selection } })
      .then(({ count }) => {
        if (current) setTotal(count);
      })
      .catch((error: unknown) =>
        setFailure(failureMessage(error, 'The selected orders could not be counted')),
      );
    return () => {
      current = false;
    };
  }, [selection]);

  const download = async () => {
    setFailure(null);
    setExporting(true);
    try {
      const file = await merchantApi.download(exportBulkSelection, { body: { selection, format } });
      const filename = file.filename ?? fallbackReportFilename(format, new Date());
      saveFile(file.blob, filename);
      setSaved(filename);
    } catch (error) {
      setFailure(exportFailureMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal title="Export the selected orders" onClose={onClose} testId="bulk-export-dialog">
      {failure && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="bulk-export-error">
          {failure}
        </p>
      )}
      {saved ? (
        <>
          <p className="ov-alert me-alert--success" role="status" data-testid="bulk-export-done">
            Exported {ordersText(total ?? 0)} to {saved}.
          </p>
          <div className="me-form__actions">
            <button type="button" className="ov-button" onClick={onClose} data-testid="bulk-done">
              Done
            </button>
          </div>
        </>
      ) : (
        <form
          className="me-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          <fieldset className="me-bulk-formats" disabled={exporting}>
            <legend>Format</legend>
            {exportFormats.map((candidate) => (
              <label key={candidate}>
                <input
                  type="radio"
                  name="bulk-export-format"
                  value={candidate}
                  checked={format === candidate}
                  onChange={() => setFormat(candidate)}
                  data-testid={`bulk-export-${candidate}`}
                />{' '}
                {exportFormatLabels[candidate]}
              </label>
            ))}
          </fieldset>
          <p data-testid="bulk-confirm-count">
            {total === null
              ? 'Counting the selected orders…'
              : `Export ${ordersText(total)} as ${exportFormatLabels[format]}, with the report's columns.`}
          </p>
          {exporting && (
            <p className="me-muted" role="status" data-testid="bulk-export-progress">
              <span className="ov-spinner" aria-hidden="true" /> Exporting {ordersText(total ?? 0)}…
            </p>
          )}
          <DialogActions
            submit={`Export ${ordersText(total ?? 0)}`}
            disabled={!total || exporting}
            testId="bulk-start"
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}
