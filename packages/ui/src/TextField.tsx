import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /**
   * The root of the app's own class names: `{prefix}-field` on the label (beside the shell's
   * `ov-field`), `{prefix}-field__error` and `{prefix}-field__counter` under the input.
   */
  classPrefix: string;
  /** Shown under the input and announced with it (`{testId}-error`). */
  error?: string;
  /** A live counter under the input ('12/60', `{testId}-count`). */
  counter?: string;
}

/** A labelled text input on the shell's `ov-field` style, with its error line and counter. */
export function TextField({
  label,
  value,
  onChange,
  testId,
  classPrefix,
  error,
  counter,
  ...input
}: TextFieldProps) {
  const errorId = useId();
  return (
    <label className={`ov-field ${classPrefix}-field`}>
      <span>{label}</span>
      <input
        type="text"
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      />
      {error && (
        <span
          id={errorId}
          className={`${classPrefix}-field__error`}
          data-testid={`${testId}-error`}
        >
          {error}
        </span>
      )}
      {counter && (
        <span className={`${classPrefix}-field__counter`} data-testid={`${testId}-count`}>
          {counter}
        </span>
      )}
    </label>
  );
}
