import { useCallback, useEffect, useState } from 'react';
import { orderNotifications, type ResponseOf } from '@onvelope/contracts';
import { failureMessage, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { historyLine } from './notification-form.js';
import './notifications.css';

type NotificationRecord = ResponseOf<typeof orderNotifications>['notifications'][number];

const loadFailed = 'Failed to load the messages to the buyer';
// While a message waits for the mail server, look again now and then (the sender retries alone).
const QUEUED_POLL_MS = 3_000;

/**
 * Order details, "Messages to the buyer" (issue 34): each milestone message of this order, sent or
 * waiting, or why it was not sent. Loaded when the details open.
 */
export function OrderMessages({ entryId }: { entryId: string }) {
  const [records, setRecords] = useState<NotificationRecord[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  /** Reads the history; the answer is applied only while `isLive` says the view still wants it. */
  const load = useCallback(
    (isLive: () => boolean = () => true) =>
      merchantApi.call(orderNotifications, { params: { entryId } }).then(
        (answer) => {
          if (!isLive()) return;
          setRecords(answer.notifications);
          setFailed(null);
          setLoading(false);
        },
        (error: unknown) => {
          // A 401 ends the session in merchantApi itself; here only the words are shown.
          if (!isLive()) return;
          setFailed(failureMessage(error, loadFailed));
          setLoading(false);
        },
      ),
    [entryId],
  );

  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [load]);

  const waiting = records?.some((record) => record.state === 'queued') ?? false;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const timer = setTimeout(() => void load(() => live), QUEUED_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting, records, load]);

  return (
    <section className="me-order-messages" data-testid="order-messages" aria-busy={loading}>
      <div className="me-order-messages__head">
        <h3>Messages to the buyer</h3>
        <button
          type="button"
          className="me-link-button"
          onClick={() => {
            setLoading(true);
            void load();
          }}
          disabled={loading}
          data-testid="order-messages-refresh"
        >
          Refresh
        </button>
      </div>
      {failed && (
        <p className="me-field__error" role="alert" data-testid="order-messages-failed">
          {failed}
        </p>
      )}
      {!records && !failed && <p role="status">Loading messages...</p>}
      {records?.length === 0 && (
        <p className="me-muted" data-testid="order-messages-empty">
          No message to the buyer yet. One goes when the order ships, if the buyer has an e-mail
          address and the message is on in your notification settings.
        </p>
      )}
      {records && records.length > 0 && (
        <ul className="me-notify__list">
          {records.map((record) => {
            const line = historyLine(record);
            return (
              <li
                key={record.id}
                data-testid="order-message"
                data-milestone={record.milestone}
                data-state={record.state}
              >
                <span className="me-order-messages__what">
                  <strong>{line.milestone}</strong>{' '}
                  <span
                    className={`me-order-messages__state me-order-messages__state--${record.state}`}
                    data-testid="order-message-state"
                  >
                    {line.state}
                  </span>
                </span>
                <TimeText className="me-muted" value={line.at} form="dateTime" />
                {record.to && <span className="me-notify__address">To {record.to}</span>}
                {line.why && (
                  <span className="me-order-messages__why" data-testid="order-message-why">
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
