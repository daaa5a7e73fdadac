import { useCallback, useEffect, useState } from 'react';
import {
  listWebhookDeliveries,
  replayWebhookDelivery,
  type WebhookDeliveryView,
} from '@onvelope/contracts';
import { TimeText } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { deliveryRowOf, webhookTexts } from './webhook-form.js';

interface WebhookDeliveryLogProps {
  endpointId: string;
  onSaved: (text: string) => void;
  onFailed: (error: unknown, fallback: string) => void;
}

/** While a delivery waits for its first try, the log looks again this often. */
const REFRESH_MS = 2_000;

/**
 * An endpoint's last 100 deliveries, newest first: event, state, tries, the last answer's status,
 * latency and body excerpt (or what went wrong), with "Replay" on each.
 */
export function WebhookDeliveryLog({ endpointId, onSaved, onFailed }: WebhookDeliveryLogProps) {
  const [deliveries, setDeliveries] = useState<WebhookDeliveryView[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      merchantApi
        .call(listWebhookDeliveries, { params: { endpointId }, query: {} })
        .then((answer) => setDeliveries(answer.deliveries)),
    [endpointId],
  );

  useEffect(() => {
    load().catch((error: unknown) => onFailed(error, webhookTexts.loadFailed));
    // Loaded when opened; `onFailed` is the page's and does not change what is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  // A delivery not yet tried shows its outcome without a click.
  const waiting = deliveries?.some(
    (delivery) => delivery.state === 'pending' && delivery.attempts === 0,
  );
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void load().catch(() => undefined), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [waiting, deliveries, load]);

  async function replay(delivery: WebhookDeliveryView) {
    setBusy(true);
    try {
      await merchantApi.call(replayWebhookDelivery, {
        params: { endpointId, deliveryId: delivery.id },
      });
      onSaved(webhookTexts.replayed);
      await load();
    } catch (error) {
      onFailed(error, webhookTexts.actionFailed);
    } finally {
      setBusy(false);
    }
  }

  if (deliveries === null) {
    return (
      <p role="status" data-testid="webhook-log-loading">
        Loading deliveries...
      </p>
    );
  }
  return (
    <div className="me-webhooks__log" data-testid="webhook-log">
      <button
        type="button"
        className="ov-button ov-button--secondary"
        onClick={() =>
          void load().catch((error: unknown) => onFailed(error, webhookTexts.loadFailed))
        }
        data-testid="webhook-log-refresh"
      >
        Refresh
      </button>
      {deliveries.length === 0 ? (
        <p className="me-muted" data-testid="webhook-log-empty">
          No deliveries yet.
        </p>
      ) : (
        <table className="me-webhooks__table">
          <thead>
            <tr>
              <th>Event</th>
              <th>Status</th>
              <th>Tries</th>
              <th>Response</th>
              <th>Latency</th>
              <th>Body / error</th>
              <th>When</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => {
              const row = deliveryRowOf(delivery);
              return (
                <tr key={row.id} data-testid="webhook-delivery">
                  <td>
                    <code>{row.eventType}</code>
                  </td>
                  <td data-testid="webhook-delivery-state">{row.state}</td>
                  <td>{row.attempts}</td>
                  <td data-testid="webhook-delivery-code">{row.statusCode}</td>
                  <td>{row.latency}</td>
                  <td className="me-webhooks__excerpt" data-testid="webhook-delivery-detail">
                    {row.detail}
                  </td>
                  <td>
                    <TimeText value={row.at} form="dateTime" />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="ov-button ov-button--secondary"
                      disabled={busy}
                      onClick={() => void replay(delivery)}
                      data-testid="webhook-delivery-replay"
                    >
                      Replay
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
