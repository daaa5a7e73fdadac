import { z } from 'zod';
import { routeOwnedBy } from '../route.js';
import { refreshShipmentsResponse } from './schemas.js';

const route = routeOwnedBy('svc-sync');

export const trackingWebhookResponse = z.object({ received: z.literal(true) });

/** The tracking provider's Events (EasyPost: `tracker.created`, `tracker.updated`), HMAC-signed. */
export const easyPostWebhook = route(
  'POST',
  '/api/tracking/webhooks/easypost',
  'public',
  'implied',
  'Tracking provider webhook (EasyPost)',
  {
    streaming: 'request',
    schemas: { response: trackingWebhookResponse },
    description:
      'Tracking provider webhook (EasyPost): the signature is checked before anything is read from the body (401 when unsigned or forged); `tracker.created` and `tracker.updated` events are taken, others acknowledged and ignored.',
    docs: {
      headers: { 'X-Hmac-Signature': 'HMAC-SHA256 of the raw body with the webhook secret' },
      // svc-sync verifies the raw bytes with the provider's SDK, then reads the event.
      body: {
        mediaType: 'application/json',
        required: true,
        schema: z
          .object({
            description: z
              .string()
              .meta({ description: 'The event: `tracker.created`, `tracker.updated`, …' }),
            result: z
              .object({ id: z.string(), tracking_code: z.string() })
              .loose()
              .meta({ description: 'The tracker the event reports on' }),
          })
          .loose()
          .meta({ description: 'An EasyPost event' }),
      },
      errors: [401],
    },
  },
);

/** Asks the carriers again about the seller's shipments that are still on their way. */
export const refreshShipments = route(
  'POST',
  '/api/tracking/refresh',
  'merchant',
  'implied',
  "Refresh the seller's shipments from the carriers",
  { schemas: { response: refreshShipmentsResponse } },
);

export const trackingRoutes = [easyPostWebhook, refreshShipments];
