import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { RemotePage } from '@onvelope/ui';
import {
  missingFieldsMessage,
  normaliseTrackQuery,
  trackQueryFromSearch,
  type TrackQueryInput,
} from '../domain/track-query.js';
import './customer.css';

/** Public order tracking page (spec 001 §2): the lookup form; results come with the lookup call. */
const TrackPage: RemotePage<'mf_customer/TrackPage'> = () => {
  const [search] = useSearchParams();
  return (
    <main className="ov-page cu-track" data-testid="track-page">
      <h1>Track your order</h1>
      <p className="cu-lead">
        Enter the email address and postcode you ordered with, and your order number.
      </p>
      {/* Remounting on a new query string refills the form when Quick Track is used from this page. */}
      <LookupForm key={search.toString()} initial={trackQueryFromSearch(search)} />
    </main>
  );
};

export default TrackPage;

function LookupForm({ initial }: { initial: TrackQueryInput }) {
  const [fields, setFields] = useState(initial);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);

  const update = (name: keyof TrackQueryInput) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!normaliseTrackQuery(fields)) {
      setMessage({ kind: 'error', text: missingFieldsMessage });
      return;
    }
    // The lookup call (POST /api/customer/lookup) is built in a later issue; say so plainly.
    setMessage({
      kind: 'info',
      text: 'Order lookup is not available yet. Please try again later.',
    });
  }

  return (
    <form
      className="ov-card cu-lookup"
      onSubmit={submit}
      noValidate
      data-testid="track-lookup-form"
    >
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={update('email')}
        testId="track-email"
      />
      <Field
        label="Postcode"
        autoComplete="postal-code"
        value={fields.postcode}
        onChange={update('postcode')}
        testId="track-postcode"
      />
      <Field
        label="Order number"
        value={fields.orderNumber}
        onChange={update('orderNumber')}
        testId="track-order-number"
      />
      {message && (
        <p
          className={
            message.kind === 'error' ? 'ov-alert ov-alert--error' : 'ov-alert ov-alert--info'
          }
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid={message.kind === 'error' ? 'track-error' : 'track-notice'}
        >
          {message.text}
        </p>
      )}
      <button type="submit" className="ov-button" data-testid="track-submit">
        Track order
      </button>
    </form>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  type?: string;
  autoComplete?: string;
}

function Field({ label, value, onChange, testId, type = 'text', autoComplete }: FieldProps) {
  return (
    <label className="ov-field">
      <span>{label}</span>
      <input
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </label>
  );
}
