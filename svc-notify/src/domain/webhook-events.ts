import { createHash } from 'node:crypto';
import {
  WEBHOOK_EVENT_VERSION,
  type BuyerNotice,
  type SellerNotice,
  type webhookEventData,
  type WebhookEventType,
  type WebhookOrder,
  type webhookTestEventType,
} from '@onvelope/contracts';
import { milestoneDateOf, milestoneOf, type EntryChange } from './milestones.js';

type AnyEventType = keyof typeof webhookEventData;

/**
 * One event for the seller's endpoints: its `webhook-id`, its type and the exact body every try
 * and replay sends (the signature covers it, so it is made once).
 */
export interface WebhookEvent {
  eventId: string;
  type: AnyEventType;
  body: string;
  /**
   * When the fact happened, for a milestone an order reaches once (shipped, delivered): an
   * endpoint made after it does not hear of it, though later changes of the order still carry
   * it. Null: the fact is this change itself (or its moment is not known), news to every endpoint.
   */
  happenedAt: Date | null;
}

/**
 * The `webhook-id` of a fact: the same for every redelivery of the NATS message that carried it,
 * so each endpoint gets one delivery per fact (the deliveries' unique key). Hashed: the key holds
 * the account and the entry, which are nobody's business at the receiving end beyond the body.
 */
export const eventIdOf = (accountId: string, key: string) =>
  `msg_${createHash('sha256').update(`${accountId}\u0000${key}`).digest('base64url').slice(0, 32)}`;

function event(
  accountId: string,
  key: string,
  type: AnyEventType,
  timestamp: string,
  data: unknown,
  happenedAt: Date | null = null,
): WebhookEvent {
  return {
    eventId: eventIdOf(accountId, key),
    type,
    body: JSON.stringify({ type, eventVersion: WEBHOOK_EVENT_VERSION, timestamp, data }),
    happenedAt,
  };
}

/** The order as webhooks show it (fields a version-1 or -2 publisher left out are null). */
export function webhookOrderOf(change: EntryChange): WebhookOrder {
  return {
    id: change.entryId,
    orderNumber: change.orderNumber,
    status: change.status,
    source: change.source,
    orderDate: change.orderDate,
    shippingCountry: change.shippingCountry,
    itemTotal: change.itemTotal,
    items: change.items ?? [],
    customerName: change.customerName ?? null,
    customerEmail: change.customerEmail ?? null,
    courier: change.courier ?? null,
    trackingNumber: change.trackingNumber ?? null,
    carrierStatus: change.carrierStatus ?? null,
    shippedAt: change.shippedAt ?? null,
    deliveredAt: change.deliveredAt ?? null,
    estimatedDeliveryAt: change.estimatedDeliveryAt ?? null,
    version: Math.max(1, change.version),
    changedAt: change.changedAt,
  };
}

/**
 * The events one change of an order makes. `order.created` is an entry's first version (svc-orders
 * creates entries at version 1), every later version `order.updated`. Shipped, delivered and a
 * problem are once per order (a problem once per kind): a change carries the order's state, not
 * what it was before, so "became shipped" is "the first change seen shipped", kept by the
 * deliveries' unique key, and shipped and delivered carry when they happened (`happenedAt`, read
 * as the buyers' mails read it) so that an endpoint made later is not told of them when the order
 * is next edited. Delivered and problem read as the buyers' mails do (`milestoneOf`); shipped is
 * the status alone (a receiver wants it with or without a tracking number).
 */
export function orderEventsOf(accountId: string, change: EntryChange): WebhookEvent[] {
  const order = webhookOrderOf(change);
  const at = change.changedAt;
  const entry = change.entryId;
  const events = [
    order.version === 1
      ? event(accountId, `order.created:${entry}`, 'order.created', at, { order })
      : event(accountId, `order.updated:${entry}:${order.version}`, 'order.updated', at, { order }),
  ];
  const reached = milestoneOf(change);
  if (change.status === 'shipped' || change.status === 'partially_shipped') {
    const shippedAt = milestoneDateOf('shipped', change);
    events.push(
      event(accountId, `order.shipped:${entry}`, 'order.shipped', at, { order }, shippedAt),
    );
  }
  if (reached?.milestone === 'delivered') {
    const deliveredAt = milestoneDateOf('delivered', change);
    events.push(
      event(accountId, `order.delivered:${entry}`, 'order.delivered', at, { order }, deliveredAt),
    );
  }
  if (reached?.milestone === 'problem' && reached.problem) {
    const { problem } = reached;
    events.push(
      event(accountId, `order.delivery_problem:${entry}:${problem}`, 'order.delivery_problem', at, {
        order,
        problem,
      }),
    );
  }
  return events;
}

/** A buyer's query (`sellerNoticeRequested`, kind `buyer_query`) as `buyer_query.created`. */
export function buyerQueryEventOf(
  accountId: string,
  notice: Extract<SellerNotice, { kind: 'buyer_query' }>,
  requestedAt: string,
): WebhookEvent {
  const { kind: _kind, queryId, ...fields } = notice;
  return event(accountId, `buyer_query.created:${queryId}`, 'buyer_query.created', requestedAt, {
    query: { id: queryId, ...fields },
  });
}

/** The seller's reply (`buyerNoticeRequested`, kind `query_reply`) as `buyer_query.replied`. */
export function buyerQueryReplyEventOf(
  accountId: string,
  notice: Extract<BuyerNotice, { kind: 'query_reply' }>,
  to: string,
  requestedAt: string,
): WebhookEvent {
  return event(
    accountId,
    `buyer_query.replied:${notice.queryId}:${notice.replyId}`,
    'buyer_query.replied',
    requestedAt,
    {
      query: {
        id: notice.queryId,
        entryId: notice.entryId,
        orderNumber: notice.orderNumber,
        customerName: notice.customerName,
        customerEmail: to,
        subject: notice.subject,
        message: notice.message,
      },
      reply: { id: notice.replyId, message: notice.reply },
    },
  );
}

/** "Send test event": a fresh id each time the button is pressed. */
export function testEventOf(eventId: string, at: Date): WebhookEvent {
  const type: typeof webhookTestEventType = 'webhook.test';
  return {
    eventId,
    type,
    body: JSON.stringify({
      type,
      eventVersion: WEBHOOK_EVENT_VERSION,
      timestamp: at.toISOString(),
      data: { message: 'A test event from ONVELOPE: your endpoint receives webhooks.' },
    }),
    happenedAt: null,
  };
}

/** Whether an endpoint that picked `events` gets an event of `type` (tests go to the one asked). */
export const isPicked = (events: readonly string[], type: AnyEventType) =>
  events.includes(type as WebhookEventType);
