import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** A live counter under the input ('12/60'). */
  counter?: string;
}

/** A labelled input on the shell's `ov-field` style. */
export function TextField({ label, value, onChange, testId, counter, ...input }: TextFieldProps) {
  return (
    <label className="ov-field">
      <span>{label}</span>
      <input
        type="text"
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {counter && (
        <span className="cu-counter" data-testid={`${testId}-count`}>
          {counter}
        </span>
      )}
    </label>
  );
}
