import { useState, type FormEvent } from 'react';
import { replyToQuery, resolveSellerQuery } from '@onvelope/contracts';
import { failureMessage, orderItemsLabel, queryStatusLabel, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import type { OrderQuery } from './use-seller-queries.js';

// spec 000 §8: what a failed reply or resolve says when the service gave no reason of its own.
const actionFailed = 'Failed to complete action';

interface QueryDetailProps {
  query: OrderQuery;
  now: Date;
  onChanged: (query: OrderQuery) => void;
}

/** One query: who asked about which order, the message, the replies so far and the reply box. */
export function QueryDetail({ query, now, onChanged }: QueryDetailProps) {
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // spec 000 §5: a reply that is empty after trimming is not sent; the button says so by being off.
  const canSend = reply.trim() !== '' && !sending;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    setSending(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await merchantApi.call(replyToQuery, {
        params: { id: query.id },
        body: { message: reply.trim() },
      });
      setReply('');
      // 'Reply sent': stored, and svc-notify mails it to the buyer (its history says how that went).
      setNotice(answer.message ?? null);
      onChanged(answer.query);
    } catch (caught) {
      setError(failureMessage(caught, actionFailed));
    } finally {
      setSending(false);
    }
  }

  // Beyond the spec: the seller closes a query the buyer never marked resolved.
  async function resolve() {
    setSending(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await merchantApi.call(resolveSellerQuery, { params: { id: query.id } });
      onChanged(answer.query);
    } catch (caught) {
      setError(failureMessage(caught, actionFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <article className="me-query-detail" data-testid="query-detail">
      <header>
        <h3 data-testid="query-subject">{query.subject}</h3>
        <span
          className={`me-query-status me-query-status--${query.status}`}
          data-testid="query-status"
        >
          {queryStatusLabel(query.status)}
        </span>
      </header>
      <p className="me-muted">
        From{' '}
        {query.customerName
          ? `${query.customerName} <${query.customerEmail}>`
          : query.customerEmail}{' '}
        · <TimeText value={query.createdAt} form="dateTime" /> (
        <TimeText value={query.createdAt} form="ago" now={now} />)
      </p>
      <dl className="me-query-order">
        <div>
          <dt>Order</dt>
          <dd data-testid="query-order-number">{query.orderNumber}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd data-testid="query-order-items">
            {orderItemsLabel(query.orderDetails.items) ?? '—'}
          </dd>
        </div>
      </dl>
      <p className="me-query-message" data-testid="query-message">
        {query.message}
      </p>
      {query.replies.length > 0 && (
        <section aria-label="Replies">
          <h4>Replies</h4>
          <ul className="me-query-replies">
            {query.replies.map((item) => (
              <li key={item.id} data-testid="query-reply">
                <p>{item.message}</p>
                <TimeText className="me-muted" value={item.sentAt} form="dateTime" />
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={(event) => void send(event)} className="me-query-reply-form">
        <label className="ov-field me-field">
          <span>Reply to the customer</span>
          <textarea
            rows={4}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            data-testid="reply-input"
          />
        </label>
        {error && (
          <p className="ov-alert ov-alert--error" role="alert" data-testid="reply-error">
            {error}
          </p>
        )}
        {notice && (
          <p className="ov-alert ov-alert--info" role="status" data-testid="reply-notice">
            {notice}
          </p>
        )}
        <div className="me-form__actions">
          <button type="submit" className="ov-button" disabled={!canSend} data-testid="reply-send">
            {sending ? 'Sending…' : 'Send reply'}
          </button>
          {query.status !== 'resolved' && (
            <button
              type="button"
              className="ov-button ov-button--secondary"
              disabled={sending}
              onClick={() => void resolve()}
              data-testid="query-resolve"
            >
              Mark resolved
            </button>
          )}
        </div>
      </form>
    </article>
  );
}
