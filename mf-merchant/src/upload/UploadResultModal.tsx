import type { UploadResult } from '@onvelope/contracts';
import { Modal } from '../components/Modal.js';
import { uploadOutcome } from '../domain/upload-outcome.js';

/**
 * spec 000 §2: the counts, the server's message, Go to Dashboard (a full reload, so the dashboard
 * shows the new orders) and Stay Here, and the warnings and errors behind a disclosure.
 */
export function UploadResultModal({
  result,
  onStay,
}: {
  result: UploadResult;
  onStay: () => void;
}) {
  const counts: [string, string, number][] = [
    ['total', 'Total rows', result.totalRows],
    ['imported', 'Imported', result.successfulRows],
    ['skipped', 'Skipped', result.skippedRows],
    ['failed', 'Failed', result.failedRows],
  ];
  return (
    <Modal
      title={uploadOutcome(result).title}
      onClose={onStay}
      testId="upload-result"
      footer={
        <>
          <button
            type="button"
            className="ov-button"
            onClick={() => window.location.assign('/dashboard')}
            data-testid="upload-go-dashboard"
          >
            Go to Dashboard
          </button>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={onStay}
            data-testid="upload-stay"
          >
            Stay Here
          </button>
        </>
      }
    >
      <dl className="me-stats__grid">
        {counts.map(([key, label, value]) => (
          <div key={key} className="me-stat">
            <dt>{label}</dt>
            <dd data-testid={`upload-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p data-testid="upload-message">{result.message}</p>
      {result.warnings.length > 0 && (
        <details className="me-disclosure" data-testid="upload-warnings">
          <summary>Warnings ({result.warnings.length})</summary>
          <ul>
            {result.warnings.map((warning, index) => (
              <li key={index}>
                Row {warning.row}: {warning.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.errors.length > 0 && (
        <details className="me-disclosure" data-testid="upload-errors">
          <summary>Errors ({result.errors.length})</summary>
          <ul>
            {result.errors.map((error, index) => (
              <li key={index}>
                Row {error.row}: {error.errors.join('; ')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Modal>
  );
}
