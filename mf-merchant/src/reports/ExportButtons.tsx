import { exportFormats } from '@onvelope/contracts';
import type { ExportFormat } from './use-report-export.js';

const labels: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };

interface ExportButtonsProps {
  exporting: ExportFormat | null;
  error: string | null;
  onExport: (format: ExportFormat) => void;
}

/** spec 000 §2: export as csv, xlsx or pdf; all three wait while one export runs. */
export function ExportButtons({ exporting, error, onExport }: ExportButtonsProps) {
  return (
    <div className="me-report-export">
      <div className="me-report-export__buttons" role="group" aria-label="Export">
        <span className="me-muted">Export:</span>
        {exportFormats.map((format) => (
          <button
            key={format}
            type="button"
            className="ov-button ov-button--secondary"
            disabled={exporting !== null}
            onClick={() => onExport(format)}
            data-testid={`export-${format}`}
          >
            {labels[format]}
          </button>
        ))}
        {exporting && (
          <span className="me-report-export__busy" role="status" data-testid="export-busy">
            <span className="ov-spinner" aria-hidden="true" />
            Exporting {labels[exporting]}…
          </span>
        )}
      </div>
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="export-error">
          {error}
        </p>
      )}
    </div>
  );
}
