import { useCallback, useEffect } from 'react';
import { orderNotifications } from '@onvelope/contracts';
import { merchantApi } from '../api.js';
import { MessageHistory, RefreshButton } from './MessageHistory.js';
import { historyLine } from './notification-form.js';
import { useMessageRecords } from './use-message-records.js';
import './notifications.css';

const loadFailed = 'Failed to load the messages to the buyer';
// While a message waits for the mail server, look again now and then (the sender retries alone).
const QUEUED_POLL_MS = 3_000;

/**
 * Order details, "Messages to the buyer" (issue 34): each milestone message of this order, sent or
 * waiting, or why it was not sent. Loaded when the details open.
 */
export function OrderMessages({ entryId }: { entryId: string }) {
  const read = useCallback(
    () =>
      merchantApi
        .call(orderNotifications, { params: { entryId } })
        .then((answer) => answer.notifications),
    [entryId],
  );
  const { records, failed, loading, load, refresh } = useMessageRecords(read, loadFailed);

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
        <RefreshButton onClick={refresh} disabled={loading} testId="order-messages-refresh" />
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
        <MessageHistory
          testId="order-message"
          items={records.map((record) => {
            const line = historyLine(record);
            return {
              id: record.id,
              title: line.milestone,
              state: record.state,
              stateText: line.state,
              at: line.at,
              why: line.why,
              detail: record.to && <span className="me-notify__address">To {record.to}</span>,
              data: { 'data-milestone': record.milestone },
            };
          })}
        />
      )}
    </section>
  );
}
