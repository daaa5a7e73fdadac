import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormField } from '../components/FormField.js';
import {
  contactFieldError,
  contactFormErrors,
  contactSentMessage,
  emptyContactMessage,
  simulatedSendMs,
  type ContactErrors,
  type ContactField,
  type ContactMessage,
} from '../domain/contact-form.js';
import { commitments } from '../legal/commitments.js';

const fields: {
  name: ContactField;
  label: string;
  type?: 'email';
  autoComplete?: string;
  rows?: number;
}[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message', rows: 6 },
];

/**
 * The contact form (spec 001 §2): name, email, subject and message, all required, each with its own
 * error that follows the field as it is corrected. Sending is only simulated (about 1 s, no call);
 * then 'Message Sent!' shows and the form is cleared.
 */
export function ContactForm() {
  const [message, setMessage] = useState<ContactMessage>(emptyContactMessage);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<'editing' | 'sending' | 'sent'>('editing');
  const controls = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});
  const sending = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(sending.current), []);

  function change(field: ContactField, value: string) {
    setMessage((current) => ({ ...current, [field]: value }));
    // Only a field already marked wrong is checked while typing, so nobody is told off mid-word.
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: contactFieldError(field, value) }));
    if (status === 'sent') setStatus('editing');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = contactFormErrors(message);
    setErrors(found);
    const firstWrong = fields.find(({ name }) => found[name]);
    if (firstWrong) {
      controls.current[firstWrong.name]?.focus();
      return;
    }
    setStatus('sending');
    sending.current = setTimeout(() => {
      setMessage(emptyContactMessage);
      setStatus('sent');
    }, simulatedSendMs);
  }

  return (
    <form
      className="ov-card mk-contact-form"
      onSubmit={submit}
      noValidate
      data-testid="contact-form"
    >
      <h2>Send us a message</h2>
      <p className="mk-muted">All fields are required.</p>
      {fields.map(({ name, label, type, autoComplete, rows }) => (
        <FormField
          key={name}
          label={label}
          type={type}
          autoComplete={autoComplete}
          rows={rows}
          value={message[name]}
          onChange={(value) => change(name, value)}
          error={errors[name]}
          fieldRef={(element) => {
            controls.current[name] = element;
          }}
          testId={`contact-${name}`}
        />
      ))}
      <div role="status" className="mk-contact-form__status">
        {status === 'sent' && (
          <p className="ov-alert mk-alert--success" data-testid="contact-sent">
            <strong>{contactSentMessage}</strong> We will reply within {commitments.responseHours}{' '}
            hours.
          </p>
        )}
      </div>
      <button
        type="submit"
        className="ov-button"
        disabled={status === 'sending'}
        data-testid="contact-submit"
      >
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
