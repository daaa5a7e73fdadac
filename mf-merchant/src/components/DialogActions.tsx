import type { ReactNode } from 'react';

interface DialogActionsProps {
  /** The submit button's words (e.g. 'Saving…' while `disabled` by the call it made). */
  submit: ReactNode;
  disabled: boolean;
  testId: string;
  /** A red submit, for a dialog that deletes. */
  danger?: boolean;
  onCancel: () => void;
}

/** The foot of a dialog's form: its submit button, then Cancel. */
export function DialogActions({ submit, disabled, testId, danger, onCancel }: DialogActionsProps) {
  return (
    <div className="me-form__actions">
      <button
        type="submit"
        className={danger ? 'ov-button ov-button--danger' : 'ov-button'}
        disabled={disabled}
        data-testid={testId}
      >
        {submit}
      </button>
      <button type="button" className="ov-button ov-button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
