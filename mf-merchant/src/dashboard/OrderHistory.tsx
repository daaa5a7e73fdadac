import { useEffect, useState } from 'react';
import { getTrackingEntryHistory, type OrderHistoryEntry } from '@onvelope/contracts';
import { TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import {
  historyActorText,
  historyChangeText,
  orderCorrectionMessages,
} from './order-corrections.js';

/**
 * The order's latest changes, newest first: what changed, from and to, when and by whom. Loaded
 * again whenever the order's `updatedAt` moves.
 */
export function OrderHistory({
  orderNumber,
  updatedAt,
}: {
  orderNumber: string;
  updatedAt: string;
}) {
  const [history, setHistory] = useState<OrderHistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    merchantApi
      .call(getTrackingEntryHistory, { params: { orderNumber }, signal: controller.signal })
      .then(
        (answer) => {
          setHistory(answer.history);
          setFailed(false);
        },
        () => {
          if (!controller.signal.aborted) setFailed(true);
        },
      );
    return () => controller.abort();
  }, [orderNumber, updatedAt]);

  return (
    <section className="me-history" data-testid="order-history">
      <h3>History</h3>
      {failed && <p className="me-muted">{orderCorrectionMessages.historyFailed}</p>}
      {history?.length === 0 && <p className="me-muted">No changes recorded yet.</p>}
      {history && history.length > 0 && (
        <ol>
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} data-testid="order-history-entry">
              <span className="me-muted">
                <TimeText value={entry.at} form="dateTime" /> · {historyActorText(entry)}
              </span>
              <ul>
                {entry.changes.map((change) => (
                  <li key={change.field}>{historyChangeText(change)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
