import { useState, type FormEvent } from 'react';
import { sendOrderQuery, type BuyerOrder } from '@onvelope/contracts';
import { TextField } from '@onvelope/ui';
import { publicApi } from '../api.js';
import { useFormProblem } from '../components/use-form-problem.js';
import {
  characterCount,
  messageMax,
  queryFormMessages,
  queryFormProblem,
  querySendFailure,
  subjectMax,
} from '../domain/query-form.js';

type Result = { kind: 'success' | 'error'; text: string };

interface QueryFormProps {
  order: BuyerOrder;
  /** The address the buyer looked the order up with (or the order's own, from a signed link). */
  customerEmail: string;
}

/**
 * spec 001 §2 and §5: a question to the seller about this order — subject (at most 60) and message
 * (at most 500) with live counters, both required.
 */
export function QueryForm({ order, customerEmail }: QueryFormProps) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const validation = useFormProblem({ subject, message }, (fields) =>
    queryFormProblem(fields.subject, fields.message),
  );
  // The blank-field message follows the fields; the answer to a send stays until the next one.
  const shown: Result | null = validation.problem
    ? { kind: 'error', text: validation.problem }
    : result;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (validation.check()) {
      setResult(null);
      return;
    }
    setSending(true);
    setResult(null);
    try {
      await publicApi.call(sendOrderQuery, {
        body: {
          accountId: order.accountId,
          customerName:
            [order.firstName, order.lastName].filter(Boolean).join(' ') || order.customerName || '',
          customerEmail,
          orderNumber: order.orderNumber,
          subject: subject.trim(),
          message: message.trim(),
        },
      });
      setSubject('');
      setMessage('');
      validation.reset();
      setResult({ kind: 'success', text: queryFormMessages.sent });
    } catch (error) {
      setResult({ kind: 'error', text: querySendFailure(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="ov-card cu-lookup"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="query-form"
    >
      <h2>Ask the seller about this order</h2>
      <TextField
        classPrefix="cu"
        label="Subject"
        value={subject}
        maxLength={subjectMax}
        onChange={setSubject}
        counter={characterCount(subject, subjectMax)}
        testId="query-subject"
      />
      <label className="ov-field">
        <span>Message</span>
        <textarea
          rows={5}
          value={message}
          maxLength={messageMax}
          onChange={(event) => setMessage(event.target.value)}
          data-testid="query-message"
        />
        <span className="cu-counter" data-testid="query-message-count">
          {characterCount(message, messageMax)}
        </span>
      </label>
      {shown && (
        <p
          className={
            shown.kind === 'error' ? 'ov-alert ov-alert--error' : 'ov-alert cu-alert--success'
          }
          role={shown.kind === 'error' ? 'alert' : 'status'}
          data-testid={shown.kind === 'error' ? 'query-error' : 'query-sent'}
        >
          {shown.text}
        </p>
      )}
      <button type="submit" className="ov-button" disabled={sending} data-testid="query-send">
        {sending ? 'Sending…' : 'Send query'}
      </button>
    </form>
  );
}
