import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  getWebhookSecret,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  WEBHOOK_EVENT_VERSION,
  webhookEventDescriptions,
  webhookEventJsonSchema,
  webhookEventTypes,
  webhookEventTypesCatalogue,
  webhookTestEventType,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import {
  listDeliveries,
  replayDelivery,
  sendTestEvent,
  type WebhookDeliveryDeps,
} from '../use-cases/webhook-deliveries.js';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  ownEndpoint,
  endpointViewOf,
  rollSecret,
  secretOf,
  updateEndpoint,
  type WebhookEndpointDeps,
} from '../use-cases/webhook-endpoints.js';

/** Each event's description and the JSON Schema of its body (the contracts' `webhookEventJsonSchema`). */
const eventTypes = ([...webhookEventTypes, webhookTestEventType] as const).map((type) => ({
  type,
  description: webhookEventDescriptions[type],
  schema: webhookEventJsonSchema(type),
}));

/** Issue 35: a seller's webhook endpoints and their delivery logs (their own account only). */
export function registerWebhookRoutes(
  routes: ServiceRoutes,
  deps: { endpoints: WebhookEndpointDeps; deliveries: WebhookDeliveryDeps },
) {
  const account = (ctx: Parameters<typeof callerOf>[0]) => callerOf(ctx).accountId;

  routes.handle(webhookEventTypesCatalogue, async () => ({
    success: true as const,
    eventVersion: WEBHOOK_EVENT_VERSION,
    eventTypes,
  }));

  routes.handle(listWebhookEndpoints, async (ctx) => ({
    success: true as const,
    endpoints: await listEndpoints(deps.endpoints, account(ctx)),
  }));

  routes.handle(createWebhookEndpoint, async (ctx, { body }) => {
    const created = await createEndpoint(deps.endpoints, account(ctx), body);
    ctx.status = 201;
    return { success: true as const, ...created };
  });

  routes.handle(getWebhookEndpoint, async (ctx, { params }) => ({
    success: true as const,
    endpoint: endpointViewOf(await ownEndpoint(deps.endpoints, account(ctx), params.endpointId)),
  }));

  routes.handle(updateWebhookEndpoint, async (ctx, { params, body }) => ({
    success: true as const,
    endpoint: await updateEndpoint(deps.endpoints, account(ctx), params.endpointId, body),
  }));

  routes.handle(deleteWebhookEndpoint, async (ctx, { params }) => ({
    success: true as const,
    endpoint: await deleteEndpoint(deps.endpoints, account(ctx), params.endpointId),
  }));

  routes.handle(getWebhookSecret, async (ctx, { params }) => {
    // A secret is never kept by a cache on the way.
    ctx.set('Cache-Control', 'no-store');
    return {
      success: true as const,
      ...(await secretOf(deps.endpoints, account(ctx), params.endpointId)),
    };
  });

  routes.handle(rollWebhookSecret, async (ctx, { params }) => {
    ctx.set('Cache-Control', 'no-store');
    return {
      success: true as const,
      ...(await rollSecret(deps.endpoints, account(ctx), params.endpointId)),
    };
  });

  routes.handle(sendWebhookTestEvent, async (ctx, { params }) => {
    const delivery = await sendTestEvent(deps.deliveries, account(ctx), params.endpointId);
    ctx.status = 202;
    return { success: true as const, delivery };
  });

  routes.handle(listWebhookDeliveries, async (ctx, { params, query }) => ({
    success: true as const,
    deliveries: await listDeliveries(deps.deliveries, account(ctx), params.endpointId, query.state),
  }));

  routes.handle(replayWebhookDelivery, async (ctx, { params }) => {
    const delivery = await replayDelivery(
      deps.deliveries,
      account(ctx),
      params.endpointId,
      params.deliveryId,
    );
    ctx.status = 202;
    return { success: true as const, delivery };
  });
}
