import { z } from 'zod';
import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-sync');

export const trackingWebhookResponse = z.object({ received: z.literal(true) });

/** The tracking provider's Events (EasyPost: `tracker.created`, `tracker.updated`), HMAC-signed. */
export const easyPostWebhook = route(
  'POST',
  '/api/tracking/webhooks/easypost',
  'public',
  'implied',
  'Tracking provider webhook (EasyPost)',
  { streaming: 'request', schemas: { response: trackingWebhookResponse } },
);

export const trackingRoutes = [easyPostWebhook];
