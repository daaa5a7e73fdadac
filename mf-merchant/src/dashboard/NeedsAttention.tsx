import { useCallback, useEffect, useState } from 'react';
import {
  attentionReasons,
  getNeedsAttention,
  refreshShipments,
  type AttentionReason,
  type ResponseOf,
  type TrackingEntry,
} from '@onvelope/contracts';
import { ApiError, shipmentState, TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import './needs-attention.css';

const reasonLabels: Record<AttentionReason, string> = {
  exception: 'Exceptions',
  failed_attempt: 'Failed attempts',
  returned: 'Returned',
  pickup: 'Awaiting pickup',
  quiet: 'No update',
};

const QUIET_DAYS_KEY = 'onvelope.needsAttention.quietDays';
const storedQuietDays = () => {
  const stored = Number(window.localStorage.getItem(QUIET_DAYS_KEY));
  return Number.isInteger(stored) && stored >= 1 && stored <= 60 ? stored : 5;
};

type Answer = ResponseOf<typeof getNeedsAttention>;

/**
 * The dashboard's Needs attention view (issue 33): shipments the carrier reports a problem with,
 * or has said nothing of for the seller's number of days, counted by reason; a reason filters the
 * list, an order opens its details, and one click asks the carriers again.
 */
export function NeedsAttention({
  onOpen,
  notify,
}: {
  onOpen: (entry: TrackingEntry) => void;
  notify: (kind: 'success' | 'error', message: string) => void;
}) {
  const [reason, setReason] = useState<AttentionReason | 'all'>('all');
  const [quietDays, setQuietDays] = useState(storedQuietDays);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      merchantApi
        .call(getNeedsAttention, { query: { reason, quietDays, limit: 50 }, signal })
        .then(setAnswer, (error: unknown) => {
          if (!signal?.aborted) notify('error', (error as Error).message);
        }),
    [reason, quietDays, notify],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      const { message } = await merchantApi.call(refreshShipments, {});
      notify('success', message);
      // The carriers' answers reach the orders within a few seconds.
      window.setTimeout(() => void load(), 3_000);
    } catch (error) {
      notify(
        'error',
        error instanceof ApiError ? error.message : 'The carriers could not be asked',
      );
    } finally {
      setRefreshing(false);
    }
  };

  const total = answer ? attentionReasons.reduce((sum, key) => sum + answer.counts[key], 0) : 0;
  return (
    <section
      className="ov-card me-attention"
      aria-label="Needs attention"
      data-testid="needs-attention"
    >
      <div className="me-attention__head">
        <h2>Needs attention</h2>
        <label className="me-attention__days">
          No update for
          <input
            type="number"
            min={1}
            max={60}
            value={quietDays}
            onChange={(event) => {
              const days = Math.min(60, Math.max(1, Math.round(Number(event.target.value) || 1)));
              window.localStorage.setItem(QUIET_DAYS_KEY, String(days));
              setQuietDays(days);
            }}
            data-testid="needs-attention-days"
          />
          days
        </label>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => void refresh()}
          disabled={refreshing}
          data-testid="needs-attention-refresh"
        >
          {refreshing ? 'Asking the carriers…' : 'Refresh from carriers'}
        </button>
      </div>
      <div className="me-attention__reasons" role="group" aria-label="Filter by reason">
        <button
          type="button"
          aria-pressed={reason === 'all'}
          onClick={() => setReason('all')}
          data-testid="needs-attention-reason-all"
        >
          All <strong>{total}</strong>
        </button>
        {attentionReasons.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={reason === key}
            onClick={() => setReason(key)}
            data-testid={`needs-attention-reason-${key}`}
          >
            {reasonLabels[key]} <strong>{answer?.counts[key] ?? '…'}</strong>
          </button>
        ))}
      </div>
      {answer && answer.entries.length === 0 && (
        <p className="me-muted" data-testid="needs-attention-empty">
          Nothing needs your attention: every shipment is moving.
        </p>
      )}
      {answer && answer.entries.length > 0 && (
        <ul className="me-attention__list">
          {answer.entries.map((entry) => (
            <li key={entry.id} data-testid="needs-attention-entry">
              <button type="button" onClick={() => onOpen(entry)}>
                <strong>Order {entry.orderNumber}</strong>
                <span>
                  {entry.delivery
                    ? shipmentState(entry.delivery, entry.status).headline
                    : 'No news from the carrier yet'}
                </span>
                <span className="me-muted">
                  {entry.courier ?? 'Carrier'} {entry.trackingNumber} · last update{' '}
                  <TimeText value={entry.delivery?.carrierUpdatedAt ?? entry.shippedAt} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
