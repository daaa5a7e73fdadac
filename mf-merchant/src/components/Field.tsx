import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input and announced with it. */
  error?: string;
  testId: string;
}

/** A labelled input with its own error line, on the shell's `ov-field` style. */
export function Field({ label, value, onChange, error, testId, ...input }: FieldProps) {
  const errorId = useId();
  return (
    <label className="ov-field me-field">
      <span>{label}</span>
      <input
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      />
      {error && (
        <span id={errorId} className="me-field__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}

export type Banner = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** The message at the top of a form: success, error or a plain notice. */
export function BannerMessage({ banner, testId }: { banner: Banner; testId: string }) {
  if (!banner) return null;
  const className = {
    success: 'ov-alert me-alert--success',
    error: 'ov-alert ov-alert--error',
    info: 'ov-alert ov-alert--info',
  }[banner.kind];
  return (
    <p
      className={className}
      role={banner.kind === 'error' ? 'alert' : 'status'}
      data-testid={`${testId}-${banner.kind}`}
    >
      {banner.text}
    </p>
  );
}
