import { routeOwnedBy } from '../route.js';
import {
  createdWebhookEndpointResponse,
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookDeliveryResponse,
  webhookEndpointParams,
  webhookEndpointResponse,
  webhookEndpointsResponse,
  webhookEventTypesResponse,
  webhookSecretResponse,
} from './webhooks.js';

const route = routeOwnedBy('svc-notify');

// Issue 35: a seller's webhook endpoints. Seller token only, no `apiKey` (key management and
// settings are not for keys): a key must not be able to point the seller's events, buyers'
// addresses included, at a URL of its own choosing.

export const listWebhookEndpoints = route(
  'GET',
  '/api/notify/webhooks',
  'merchant',
  'implied',
  'Webhook endpoints',
  { schemas: { response: webhookEndpointsResponse } },
);

export const createWebhookEndpoint = route(
  'POST',
  '/api/notify/webhooks',
  'merchant',
  'implied',
  'Add a webhook endpoint',
  {
    status: 201,
    description:
      'The answer carries the endpoint’s signing secret. In production the URL must be https and its host must not resolve to a private, loopback or link-local address.',
    schemas: { body: createWebhookEndpointRequest, response: createdWebhookEndpointResponse },
  },
);

/** The events' JSON Schemas, for whoever builds a receiver. */
export const webhookEventTypesCatalogue = route(
  'GET',
  '/api/notify/webhooks/event-types',
  'public',
  'implied',
  'Webhook events and their JSON Schemas',
  { schemas: { response: webhookEventTypesResponse } },
);

export const getWebhookEndpoint = route(
  'GET',
  '/api/notify/webhooks/{endpointId}',
  'merchant',
  'implied',
  'A webhook endpoint',
  { schemas: { params: webhookEndpointParams, response: webhookEndpointResponse } },
);

export const updateWebhookEndpoint = route(
  'PATCH',
  '/api/notify/webhooks/{endpointId}',
  'merchant',
  'implied',
  'Change a webhook endpoint',
  {
    schemas: {
      params: webhookEndpointParams,
      body: updateWebhookEndpointRequest,
      response: webhookEndpointResponse,
    },
  },
);

export const deleteWebhookEndpoint = route(
  'DELETE',
  '/api/notify/webhooks/{endpointId}',
  'merchant',
  'implied',
  'Delete a webhook endpoint',
  { schemas: { params: webhookEndpointParams, response: webhookEndpointResponse } },
);

export const getWebhookSecret = route(
  'GET',
  '/api/notify/webhooks/{endpointId}/secret',
  'merchant',
  'implied',
  'A webhook endpoint’s signing secret',
  { schemas: { params: webhookEndpointParams, response: webhookSecretResponse } },
);

export const rollWebhookSecret = route(
  'POST',
  '/api/notify/webhooks/{endpointId}/secret/roll',
  'merchant',
  'implied',
  'Roll a webhook endpoint’s signing secret',
  {
    description:
      'A new secret signs every delivery from now on; for 24 hours deliveries also carry a signature with the previous one, so a receiver can switch without losing any.',
    schemas: { params: webhookEndpointParams, response: webhookSecretResponse },
  },
);

export const sendWebhookTestEvent = route(
  'POST',
  '/api/notify/webhooks/{endpointId}/test',
  'merchant',
  'implied',
  'Send a test event to a webhook endpoint',
  {
    status: 202,
    schemas: { params: webhookEndpointParams, response: webhookDeliveryResponse },
  },
);

export const listWebhookDeliveries = route(
  'GET',
  '/api/notify/webhooks/{endpointId}/deliveries',
  'merchant',
  'implied',
  'A webhook endpoint’s delivery log',
  {
    schemas: {
      params: webhookEndpointParams,
      query: webhookDeliveriesQuery,
      response: webhookDeliveriesResponse,
    },
  },
);

export const replayWebhookDelivery = route(
  'POST',
  '/api/notify/webhooks/{endpointId}/deliveries/{deliveryId}/replay',
  'merchant',
  'implied',
  'Send a webhook delivery again',
  {
    status: 202,
    description:
      'Sends the same event again, with the same `webhook-id`, at once and with a fresh day of retries.',
    schemas: { params: webhookDeliveryParams, response: webhookDeliveryResponse },
  },
);

export const webhookRoutes = [
  listWebhookEndpoints,
  createWebhookEndpoint,
  webhookEventTypesCatalogue,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookSecret,
  rollWebhookSecret,
  sendWebhookTestEvent,
  listWebhookDeliveries,
  replayWebhookDelivery,
];
