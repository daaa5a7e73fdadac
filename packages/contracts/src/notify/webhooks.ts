import { z } from 'zod';
import { orderLineItem } from '../orders/line-items.js';
import { carrierStatuses } from '../tracking/schemas.js';
import { plainText, textField } from '../text.js';
import { problemKinds } from './schemas.js';

/**
 * Issue 35: outgoing webhooks. A seller registers endpoints and picks events; svc-notify delivers
 * each event to each endpoint that picked it, signed as the Standard Webhooks specification says
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */

/**
 * The version of the payloads below, carried in every body as `eventVersion` (as NATS events
 * carry theirs). A new optional field keeps the version; a change a receiver could misread (a
 * field removed, renamed or retyped) raises it.
 */
export const WEBHOOK_EVENT_VERSION = 1;

/** The events a seller can pick, in the order the settings list them. */
export const webhookEventTypes = [
  'order.created',
  'order.updated',
  'order.shipped',
  'order.delivered',
  'order.delivery_problem',
  'buyer_query.created',
  'buyer_query.replied',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** "Send test event": delivered to the one endpoint asked, whatever events it picked. */
export const webhookTestEventType = 'webhook.test';

/** An order as webhooks show it: the tracking entry's fields after the change. */
export const webhookOrder = z.object({
  /** The tracking entry's id (the id of the order calls). */
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  source: z.enum(['csv', 'bigcartel', 'manual']),
  orderDate: z.iso.datetime().nullable(),
  shippingCountry: z.string().nullable(),
  itemTotal: z.number().nullable(),
  items: z.array(orderLineItem.omit({ option: true, productId: true })),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrierStatus: z.enum(carrierStatuses).nullable(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  estimatedDeliveryAt: z.iso.datetime().nullable(),
  /** Grows with every change of the order: a receiver keeps the highest it has seen. */
  version: z.number().int().positive(),
  changedAt: z.iso.datetime(),
});
export type WebhookOrder = z.infer<typeof webhookOrder>;

const buyerQuery = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  subject: z.string(),
  message: z.string(),
});

/** What each event's `data` holds. */
export const webhookEventData = {
  'order.created': z.object({ order: webhookOrder }),
  'order.updated': z.object({ order: webhookOrder }),
  'order.shipped': z.object({ order: webhookOrder }),
  'order.delivered': z.object({ order: webhookOrder }),
  'order.delivery_problem': z.object({ order: webhookOrder, problem: z.enum(problemKinds) }),
  'buyer_query.created': z.object({ query: buyerQuery }),
  'buyer_query.replied': z.object({
    query: buyerQuery.extend({
      /** The order the query was filed under, when it was. */
      entryId: z.string().nullable(),
    }),
    reply: z.object({ id: z.string(), message: z.string() }),
  }),
  [webhookTestEventType]: z.object({ message: z.string() }),
} as const;

/** When each event is sent, in the words the settings and the API document use. */
export const webhookEventDescriptions: Record<
  WebhookEventType | typeof webhookTestEventType,
  string
> = {
  'order.created': 'An order was created (imported, synced from the store or added by hand).',
  'order.updated': 'An order changed: one event for every change, `order.version` grows.',
  'order.shipped': 'An order was marked shipped or partially shipped (once per order).',
  'order.delivered': 'An order was delivered, by its status or the carrier (once per order).',
  'order.delivery_problem':
    'The carrier reports a problem: a failed attempt, an exception, a return, or a parcel waiting to be collected (once per order and kind of problem).',
  'buyer_query.created': 'A buyer asked about an order from the tracking page.',
  'buyer_query.replied': 'You replied to a buyer’s query.',
  [webhookTestEventType]: 'The settings’ “Send test event” button.',
};

/** The body of every delivery: `{ type, eventVersion, timestamp, data }`. */
export const webhookEventPayload = <T extends keyof typeof webhookEventData>(type: T) =>
  z.object({
    type: z.literal(type),
    eventVersion: z.literal(WEBHOOK_EVENT_VERSION),
    /** When the fact happened (the order's change, the query), not when it was delivered. */
    timestamp: z.iso.datetime(),
    data: webhookEventData[type],
  });

export type WebhookEventPayload<T extends keyof typeof webhookEventData> = z.infer<
  ReturnType<typeof webhookEventPayload<T>>
>;

export const webhookEndpointStates = ['enabled', 'disabled'] as const;

/** Why an endpoint is disabled: by the seller, or by svc-notify after failing for days. */
export const webhookDisabledReasons = ['by_seller', 'failing'] as const;

/** An endpoint as the seller sees it (its secret only through its own call). */
export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(webhookEventTypes)),
  state: z.enum(webhookEndpointStates),
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** Since when every delivery has failed; null while the last one succeeded. */
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

/** An endpoint's address: checked further by svc-notify (scheme, host, addresses). */
const webhookUrl = z
  .string()
  .trim()
  .min(1, 'The URL is required')
  .max(2_000)
  .check(plainText())
  .pipe(z.url({ error: 'Must be a full URL, such as https://example.com/webhooks' }));

const eventList = z
  .array(z.enum(webhookEventTypes))
  .min(1, 'Pick at least one event')
  .transform((events) => webhookEventTypes.filter((type) => events.includes(type)));

export const createWebhookEndpointRequest = z
  .object({
    url: webhookUrl,
    description: textField().max(200).nullable().optional(),
    events: eventList,
  })
  .strict();

/** Only what is sent changes; `enabled: true` turns a disabled endpoint on again. */
export const updateWebhookEndpointRequest = z
  .object({
    url: webhookUrl.optional(),
    description: textField().max(200).nullable().optional(),
    events: eventList.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const webhookEndpointParams = z.object({ endpointId: z.string().min(1).max(100) });

export const webhookEndpointResponse = z.object({
  success: z.literal(true),
  endpoint: webhookEndpointView,
});

export const webhookEndpointsResponse = z.object({
  success: z.literal(true),
  endpoints: z.array(webhookEndpointView),
});

/** A new endpoint with its secret (`whsec_…`), which verifies its deliveries. */
export const createdWebhookEndpointResponse = webhookEndpointResponse.extend({
  secret: z.string(),
});

export const webhookSecretResponse = z.object({
  success: z.literal(true),
  /** `whsec_` and the key in base64, as the `standardwebhooks` libraries take it. */
  secret: z.string(),
  /** After a roll: until when deliveries also carry a signature with the previous secret. */
  previousSecretValidUntil: z.iso.datetime().nullable(),
});

export const webhookDeliveryStates = ['pending', 'succeeded', 'failed'] as const;

/**
 * Why a delivery failed for good: every try for `WEBHOOK_GIVE_UP_AFTER_MS` failed, or its endpoint
 * was disabled or deleted before it succeeded.
 */
export const webhookDeliveryReasons = ['gave_up', 'endpoint_disabled'] as const;

/** One try of a delivery. */
export const webhookAttempt = z.object({
  at: z.iso.datetime(),
  /** The endpoint's HTTP status; null when no answer came (refused address, timeout, network). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nonnegative(),
  /** The first characters of the answer's body. */
  bodyExcerpt: z.string().nullable(),
  /** What went wrong without an answer, or why the answer was not a success. */
  error: z.string().nullable(),
});

export const webhookDeliveryView = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every try and replay of this event to this endpoint. */
  eventId: z.string(),
  eventType: z.enum([...webhookEventTypes, webhookTestEventType]),
  state: z.enum(webhookDeliveryStates),
  reason: z.enum(webhookDeliveryReasons).nullable(),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Newest first, the last 10. */
  attemptLog: z.array(webhookAttempt),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const webhookDeliveriesQuery = z.object({
  state: z.enum(webhookDeliveryStates).optional(),
});

export const webhookDeliveriesResponse = z.object({
  success: z.literal(true),
  /** Newest first, the last 100. */
  deliveries: z.array(webhookDeliveryView),
});

export const webhookDeliveryParams = webhookEndpointParams.extend({
  deliveryId: z.string().min(1).max(100),
});

export const webhookDeliveryResponse = z.object({
  success: z.literal(true),
  delivery: webhookDeliveryView,
});

export const webhookEventTypesResponse = z.object({
  success: z.literal(true),
  eventVersion: z.number().int(),
  eventTypes: z.array(
    z.object({
      type: z.string(),
      description: z.string(),
      /** The JSON Schema (draft 2020-12) of the whole body. */
      schema: z.record(z.string(), z.unknown()),
    }),
  ),
});
