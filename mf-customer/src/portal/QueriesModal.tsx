import { useState } from 'react';
import { resolveQuery, type ResponseOf, type listCustomerQueries } from '@onvelope/contracts';
import { Modal, orderItemsLabel, queryStatusLabel, TimeText, visibleQueries } from '@onvelope/ui';
import { customerApi } from '../api.js';
import { portalFailure } from './failure.js';

export type CustomerQuery = ResponseOf<typeof listCustomerQueries>['queries'][number];

interface QueriesModalProps {
  queries: CustomerQuery[] | null;
  error: string | null;
  onResolved: (query: CustomerQuery) => void;
  onFailed: (text: string) => void;
  onClose: () => void;
}

/**
 * spec 001 §2, §4: the buyer's queries with their status (Pending, In Review, resolved) and the
 * seller's replies; a query with a reply can be marked resolved; resolved ones only with the toggle.
 */
export function QueriesModal({ queries, error, onResolved, onFailed, onClose }: QueriesModalProps) {
  const [showResolved, setShowResolved] = useState(false);
  const [resolving, setResolving] = useState<string | null>(null);

  async function resolve(query: CustomerQuery) {
    setResolving(query.id);
    try {
      const answer = await customerApi.call(resolveQuery, { params: { id: query.id } });
      onResolved(answer.query);
    } catch (caught) {
      onFailed(portalFailure(caught, 'Failed to mark query as resolved'));
    } finally {
      setResolving(null);
    }
  }

  const shown = queries ? visibleQueries(queries, showResolved) : [];
  return (
    <Modal title="My queries" onClose={onClose} testId="queries-modal" wide>
      <label className="cu-toggle">
        <input
          type="checkbox"
          checked={showResolved}
          onChange={(event) => setShowResolved(event.target.checked)}
          data-testid="show-resolved-queries"
        />
        Show resolved
      </label>
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="queries-error">
          {error}
        </p>
      )}
      {queries && shown.length === 0 && (
        <p className="cu-lead" data-testid="queries-empty">
          {queries.length === 0 ? 'You have not sent any queries yet.' : 'No open queries.'}
        </p>
      )}
      <ul className="cu-queries">
        {shown.map((query) => (
          <li
            key={query.id}
            className="cu-query"
            data-testid="customer-query"
            data-query-id={query.id}
          >
            <div className="cu-query__head">
              <strong>{query.subject}</strong>
              <span
                className={`cu-query-status cu-query-status--${query.status}`}
                data-testid="customer-query-status"
              >
                {queryStatusLabel(query.status)}
              </span>
            </div>
            <p className="cu-lead">
              Order {query.orderNumber}
              {orderItemsLabel(query.orderDetails.items) && (
                <> · {orderItemsLabel(query.orderDetails.items)}</>
              )}{' '}
              · sent <TimeText value={query.createdAt} form="dateTime" />
            </p>
            <p className="cu-query__message">{query.message}</p>
            {query.replies.length > 0 ? (
              <ul className="cu-replies">
                {query.replies.map((reply) => (
                  <li key={reply.id} data-testid="customer-query-reply">
                    <p>{reply.message}</p>
                    <span className="cu-lead">
                      Seller replied <TimeText value={reply.sentAt} form="dateTime" />
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="cu-lead">No reply yet.</p>
            )}
            {query.status !== 'resolved' && query.replies.length > 0 && (
              <button
                type="button"
                className="ov-button ov-button--secondary"
                disabled={resolving === query.id}
                onClick={() => void resolve(query)}
                data-testid="resolve-query"
              >
                Mark as resolved
              </button>
            )}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
