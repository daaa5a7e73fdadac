import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@onvelope/router';
import {
  missingQuickTrackFields,
  quickTrackMessage,
  quickTrackPath,
  type QuickTrackInput,
} from '../domain/quick-track.js';

const fieldOrder: {
  field: keyof QuickTrackInput;
  label: string;
  type: string;
  autoComplete: string;
}[] = [
  { field: 'order', label: 'Order number', type: 'text', autoComplete: 'off' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'postcode', label: 'Postcode', type: 'text', autoComplete: 'postal-code' },
];

interface QuickTrackFormProps {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  /** Test ids: `<prefix>-order`, `<prefix>-email`, `<prefix>-postcode`, `<prefix>-error`, `<prefix>-form`. */
  testIdPrefix: string;
  /** Called before the form opens /track (the header closes its mobile menu). */
  onNavigate?: () => void;
}

/**
 * The tracking lookup of the header's Quick Track (spec 001 §2) and of the landing page: opens
 * /track?order=&email=&postcode=. With a field empty it stays put and says which ones are missing,
 * since the lookup needs all three.
 */
export function QuickTrackForm({
  name,
  submitLabel,
  testIdPrefix,
  onNavigate,
}: QuickTrackFormProps) {
  const navigate = useNavigate();
  const messageId = useId();
  const inputs = useRef<Partial<Record<keyof QuickTrackInput, HTMLInputElement | null>>>({});
  const [fields, setFields] = useState<QuickTrackInput>({ order: '', email: '', postcode: '' });
  const [missing, setMissing] = useState<(keyof QuickTrackInput)[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const empty = missingQuickTrackFields(fields);
    setMissing(empty);
    if (empty.length > 0) {
      inputs.current[empty[0]!]?.focus();
      return;
    }
    onNavigate?.();
    void navigate(quickTrackPath(fields));
  }

  function change(field: keyof QuickTrackInput, value: string) {
    const next = { ...fields, [field]: value };
    setFields(next);
    // Once the message shows, it follows the fields: a corrected field stops being named.
    if (missing.length > 0) setMissing(missingQuickTrackFields(next));
  }

  return (
    <form
      className="mk-quick-track"
      onSubmit={submit}
      noValidate
      aria-label={name}
      data-testid={`${testIdPrefix}-form`}
    >
      {fieldOrder.map(({ field, label, type, autoComplete }) => (
        <input
          key={field}
          ref={(element) => {
            inputs.current[field] = element;
          }}
          type={type}
          aria-label={label}
          placeholder={label}
          autoComplete={autoComplete}
          value={fields[field]}
          onChange={(event) => change(field, event.target.value)}
          aria-invalid={missing.includes(field) ? true : undefined}
          aria-describedby={missing.length > 0 ? messageId : undefined}
          data-testid={`${testIdPrefix}-${field}`}
        />
      ))}
      <button type="submit" className="ov-button ov-button--secondary">
        {submitLabel}
      </button>
      {missing.length > 0 && (
        <p
          id={messageId}
          className="mk-quick-track__error"
          role="alert"
          data-testid={`${testIdPrefix}-error`}
        >
          {quickTrackMessage(missing)}
        </p>
      )}
    </form>
  );
}
