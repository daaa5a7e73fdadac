import { Modal } from '../components/Modal.js';
import type { RuleConfirmationText } from './rule-confirmations.js';

interface RuleConfirmDialogProps {
  text: RuleConfirmationText;
  /** Example lines under the summary (the orders applying would change). */
  examples?: string[];
  /** While the confirmed action runs, both buttons wait. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before the rule manager changes many things at once: apply, delete a rule, clear all. */
export function RuleConfirmDialog({
  text,
  examples = [],
  busy,
  onConfirm,
  onCancel,
}: RuleConfirmDialogProps) {
  return (
    <Modal
      className="me-rule-confirm"
      title={text.title}
      onClose={onCancel}
      testId="rule-confirm"
      footer={
        <>
          {text.confirmLabel && (
            <button
              type="button"
              className="ov-button me-danger-solid"
              onClick={onConfirm}
              disabled={busy}
              data-testid="rule-confirm-ok"
            >
              {text.confirmLabel}
            </button>
          )}
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={onCancel}
            disabled={busy}
            data-testid="rule-confirm-cancel"
          >
            {text.confirmLabel ? 'Cancel' : 'Close'}
          </button>
        </>
      }
    >
      <p data-testid="rule-confirm-summary">{text.summary}</p>
      {text.details.length > 0 && (
        <ul data-testid="rule-confirm-details">
          {text.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {text.warning && (
        <p className="ov-alert ov-alert--error" role="note" data-testid="rule-confirm-warning">
          {text.warning}
        </p>
      )}
      {examples.length > 0 && (
        <div className="me-rule-confirm__examples">
          <p className="me-muted">For example:</p>
          <ul className="me-muted" data-testid="rule-confirm-examples">
            {examples.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
