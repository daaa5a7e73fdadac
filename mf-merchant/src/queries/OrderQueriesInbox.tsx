import { useState } from 'react';
import { markQueryRead } from '@onvelope/contracts';
import { queryPreview, queryStatusLabel, TimeText, visibleQueries } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Modal } from '../components/Modal.js';
import { QueryDetail } from './QueryDetail.js';
import './queries.css';
import type { OrderQuery } from './use-seller-queries.js';

interface OrderQueriesInboxProps {
  queries: OrderQuery[] | null;
  error: string | null;
  onChanged: (query: OrderQuery) => void;
  /** Loads the list again, so the unread count also follows changes made elsewhere. */
  onReload: () => void;
  onClose: () => void;
}

/**
 * spec 000 §2 "Order queries inbox": the buyers' queries, newest first, with a 100-character preview
 * and how long ago each came; resolved ones only with the toggle on. Opening a query marks it read
 * (viewed, shown as In Review) and shows it with its order, the replies and a reply box.
 */
export function OrderQueriesInbox({
  queries,
  error,
  onChanged,
  onReload,
  onClose,
}: OrderQueriesInboxProps) {
  const [showResolved, setShowResolved] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const open = queries?.find((query) => query.id === openId) ?? null;

  const openQuery = (query: OrderQuery) => {
    setOpenId(query.id);
    if (query.status !== 'sent') return;
    merchantApi
      .call(markQueryRead, { params: { id: query.id } })
      .then((answer) => {
        onChanged(answer.query);
        onReload();
      })
      // Still readable when marking fails; it stays unread and is marked on the next opening.
      .catch(() => undefined);
  };

  const shown = queries ? visibleQueries(queries, showResolved) : [];
  return (
    <Modal title="Order Queries" onClose={onClose} testId="queries-inbox" wide>
      <div className="me-queries">
        <div className="me-queries__list">
          <label className="me-inline-field">
            <input
              type="checkbox"
              checked={showResolved}
              onChange={(event) => setShowResolved(event.target.checked)}
              data-testid="show-resolved"
            />
            Show resolved
          </label>
          {error && (
            <p className="ov-alert ov-alert--error" role="alert" data-testid="queries-error">
              {error}
            </p>
          )}
          {!queries && !error && <span className="ov-spinner" role="status" aria-label="Loading" />}
          {queries && shown.length === 0 && (
            <p className="me-muted" data-testid="queries-empty">
              {queries.length === 0 ? 'No customer queries yet.' : 'No open queries.'}
            </p>
          )}
          <ul>
            {shown.map((query) => (
              <li key={query.id}>
                <button
                  type="button"
                  className={[
                    'me-query-item',
                    query.status === 'sent' ? 'me-query-item--unread' : '',
                    query.id === openId ? 'me-query-item--open' : '',
                  ].join(' ')}
                  onClick={() => openQuery(query)}
                  data-testid="query-item"
                  data-query-id={query.id}
                >
                  <span className="me-query-item__top">
                    <strong>{query.subject}</strong>
                    <span className={`me-query-status me-query-status--${query.status}`}>
                      {queryStatusLabel(query.status)}
                    </span>
                  </span>
                  <span className="me-muted">
                    {query.customerName || query.customerEmail} · Order {query.orderNumber} ·{' '}
                    <QueryAge sentAt={query.createdAt} now={now} />
                  </span>
                  <span data-testid="query-preview">{queryPreview(query.message)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="me-queries__detail">
          {open ? (
            <QueryDetail
              key={open.id}
              query={open}
              now={now}
              onChanged={(query) => {
                onChanged(query);
                onReload();
              }}
            />
          ) : (
            <p className="me-muted">Choose a query to read it and reply.</p>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** How long ago a query came ('3 hours ago'), with the exact time on hover. */
function QueryAge({ sentAt, now }: { sentAt: string; now: Date }) {
  return <TimeText value={sentAt} form="ago" now={now} data-testid="query-age" />;
}
