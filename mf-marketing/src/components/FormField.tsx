import { useId } from 'react';

interface FormFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced with it. */
  error?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** Receives the input, so a form can move the focus to its first wrong field. */
  fieldRef?: (element: HTMLElement | null) => void;
  testId: string;
}

/** A labelled input or text area with its own error line, on the shell's `ov-field` style. */
export function FormField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  rows,
  fieldRef,
  testId,
}: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = {
    id,
    value,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'data-testid': testId,
  };
  return (
    <div className="ov-field mk-field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea
          {...control}
          ref={fieldRef}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...control}
          ref={fieldRef}
          type={type}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <span id={errorId} className="mk-field__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
