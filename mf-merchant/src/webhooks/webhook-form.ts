import {
  webhookEventTypes,
  type WebhookDeliveryView,
  type WebhookEventType,
} from '@onvelope/contracts';
import { ApiError } from '@onvelope/ui';

/** What the "Add endpoint" form holds. */
export interface WebhookForm {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export const emptyWebhookForm = (): WebhookForm => ({ url: '', description: '', events: [] });

/** The events' names in the settings, in the issue's words. */
export const eventLabels: Record<WebhookEventType, string> = {
  'order.created': 'Order created',
  'order.updated': 'Order updated',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.delivery_problem': 'Delivery problem',
  'buyer_query.created': 'Buyer query created',
  'buyer_query.replied': 'Buyer query replied',
};

export const webhookTexts = {
  created: 'Webhook endpoint added',
  deleted: 'Webhook endpoint deleted',
  enabled: 'Webhook endpoint turned on',
  disabled: 'Webhook endpoint turned off',
  rolled: 'New signing secret made. The previous one also signs for 24 hours.',
  testSent: 'Test event sent',
  replayed: 'Delivery sent again',
  loadFailed: 'Failed to load webhooks',
  saveFailed: 'Failed to save the webhook endpoint',
  actionFailed: 'The webhook action failed',
  disabledForFailing:
    'Turned off because every delivery failed for days. Fix the endpoint, then turn it on again.',
  secretHelp:
    'Verify each delivery with this secret and a Standard Webhooks library (`standardwebhooks` on npm).',
} as const;

/** Toggles one event in the picked list, keeping the settings' order. */
export function toggleEvent(events: readonly WebhookEventType[], type: WebhookEventType) {
  const picked = events.includes(type)
    ? events.filter((event) => event !== type)
    : [...events, type];
  return webhookEventTypes.filter((event) => picked.includes(event));
}

/** The server's refusal of the URL (an address it may not reach), for the URL field. */
export function urlErrorOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.details.find((detail) => detail.path === 'body.url')?.message;
}

/** One delivery as the log shows it: its latest try first. */
export function deliveryRowOf(delivery: WebhookDeliveryView) {
  const [last] = delivery.attemptLog;
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    state:
      delivery.state === 'pending'
        ? delivery.attempts === 0
          ? 'Queued'
          : 'Retrying'
        : delivery.state === 'succeeded'
          ? 'Succeeded'
          : delivery.reason === 'endpoint_disabled'
            ? 'Failed (endpoint off)'
            : 'Failed',
    attempts: delivery.attempts,
    statusCode: last?.statusCode === null || last === undefined ? '—' : String(last.statusCode),
    latency: last ? `${last.latencyMs} ms` : '—',
    detail: last?.error ?? last?.bodyExcerpt ?? '',
    at: last?.at ?? delivery.createdAt,
  };
}
