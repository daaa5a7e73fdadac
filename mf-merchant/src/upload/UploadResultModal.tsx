import type { UploadResult } from '@onvelope/contracts';
import { Modal } from '../components/Modal.js';
import { uploadOutcome } from './upload-outcome.js';
import { uploadNotes } from './upload-notes.js';
import './upload.css';

/**
 * spec 000 §2: the counts, the server's message, Go to Dashboard (a full reload, so the dashboard
 * shows the new orders) and Stay Here, and the warnings and errors behind a disclosure. Issue 38:
 * how the file was read (Buyer Name split, no status column…) is in view right under the message,
 * and short lists of warnings and refused rows start open, so nothing the import decided is hidden.
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
  const notes = uploadNotes(result);
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
      {notes.assumptions.length > 0 && (
        <section className="me-upload-notes" data-testid="upload-assumptions">
          <h3 className="me-upload-notes__title">How your file was read</h3>
          <ul>
            {notes.assumptions.map((assumption) => (
              <li key={assumption}>{assumption}</li>
            ))}
          </ul>
        </section>
      )}
      {notes.errors && (
        <details className="me-disclosure" open={notes.errors.open} data-testid="upload-errors">
          <summary>{notes.errors.heading}</summary>
          <ul>
            {result.errors.map((error, index) => (
              <li key={index}>
                Row {error.row}: {error.errors.join('; ')}
              </li>
            ))}
          </ul>
        </details>
      )}
      {notes.warnings && (
        <details className="me-disclosure" open={notes.warnings.open} data-testid="upload-warnings">
          <summary>{notes.warnings.heading}</summary>
          <ul>
            {result.warnings.map((warning, index) => (
              <li key={index}>
                Row {warning.row}: {warning.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Modal>
  );
}
