import { useCallback, useEffect, useState } from 'react';
import { sellerMessages, type ResponseOf } from '@onvelope/contracts';
import { ApiError, failureMessage, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { sellerMessageLine } from './notification-form.js';
import './notifications.css';

type SellerMessageRecord = ResponseOf<typeof sellerMessages>['messages'][number];

const loadFailed = 'Failed to load the messages sent to you';

/**
 * Account settings, NOTIFICATIONS, "Messages to you" (issue 34): what ONVELOPE e-mailed the seller
 * themselves (buyer queries, daily digests, billing and store-front messages), newest first, with
 * the state of each and why one waits or was not sent.
 */
export function SellerMessages({
  onFailed,
}: {
  /** A 401 belongs to the page (the session is over). */
  onFailed: (error: unknown, fallback: string) => void;
}) {
  const [records, setRecords] = useState<SellerMessageRecord[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    (isLive: () => boolean = () => true) =>
      merchantApi.call(sellerMessages).then(
        (answer) => {
          if (!isLive()) return;
          setRecords(answer.messages);
          setFailed(null);
          setLoading(false);
        },
        (error: unknown) => {
          if (!isLive()) return;
          setLoading(false);
          if (error instanceof ApiError && error.isSessionExpired) onFailed(error, loadFailed);
          else setFailed(failureMessage(error, loadFailed));
        },
      ),
    [onFailed],
  );

  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
    // Once per visit of the tab (Refresh loads again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="me-notify__messages" data-testid="seller-messages" aria-busy={loading}>
      <div className="me-notify__messages-head">
        <h3>Messages to you</h3>
        <button
          type="button"
          className="me-link-button"
          onClick={() => {
            setLoading(true);
            void load();
          }}
          disabled={loading}
          data-testid="seller-messages-refresh"
        >
          Refresh
        </button>
      </div>
      <p className="me-muted">
        What we e-mailed you at your account address: buyer queries, your daily digest, and messages
        about your billing and your store connection.
      </p>
      {failed && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="seller-messages-failed">
          {failed}
        </p>
      )}
      {!records && !failed && <p role="status">Loading...</p>}
      {records?.length === 0 && (
        <p className="me-muted" data-testid="seller-messages-empty">
          No message to you yet.
        </p>
      )}
      {records && records.length > 0 && (
        <ul className="me-notify__list">
          {records.map((record) => {
            const line = sellerMessageLine(record);
            return (
              <li
                key={record.id}
                data-testid="seller-message"
                data-kind={record.kind}
                data-state={record.state}
              >
                <span className="me-order-messages__what">
                  <strong>{line.kind}</strong>{' '}
                  <span
                    className={`me-order-messages__state me-order-messages__state--${record.state}`}
                    data-testid="seller-message-state"
                  >
                    {line.state}
                  </span>
                </span>
                <TimeText className="me-muted" value={line.at} form="dateTime" />
                <span className="me-notify__subject" data-testid="seller-message-subject">
                  {line.subject}
                </span>
                {line.why && (
                  <span className="me-order-messages__why" data-testid="seller-message-why">
                    {line.why}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
