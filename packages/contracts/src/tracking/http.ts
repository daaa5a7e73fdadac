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
  { streaming: 'request', schemas: { response: trackingWebhookResponse } },
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
