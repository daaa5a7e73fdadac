import { sellerMessages } from '@onvelope/contracts';
import { merchantApi } from '../api.js';
import { MessageHistory, RefreshButton } from './MessageHistory.js';
import { sellerMessageLine } from './notification-form.js';
import { useMessageRecords } from './use-message-records.js';
import './notifications.css';

const loadFailed = 'Failed to load the messages sent to you';
const readSellerMessages = () => merchantApi.call(sellerMessages).then((answer) => answer.messages);

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
  const { records, failed, loading, refresh } = useMessageRecords(
    readSellerMessages,
    loadFailed,
    (error) => onFailed(error, loadFailed),
  );

  return (
    <section className="me-notify__messages" data-testid="seller-messages" aria-busy={loading}>
      <div className="me-notify__messages-head">
        <h3>Messages to you</h3>
        <RefreshButton onClick={refresh} disabled={loading} testId="seller-messages-refresh" />
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
        <MessageHistory
          testId="seller-message"
          items={records.map((record) => {
            const line = sellerMessageLine(record);
            return {
              id: record.id,
              title: line.kind,
              state: record.state,
              stateText: line.state,
              at: line.at,
              why: line.why,
              detail: (
                <span className="me-notify__subject" data-testid="seller-message-subject">
                  {line.subject}
                </span>
              ),
              data: { 'data-kind': record.kind },
            };
          })}
        />
      )}
    </section>
  );
}
