import { z } from 'zod';
import { defineCommand } from '../messaging.js';
import { orderLineItem } from '../orders/line-items.js';
import { trackingEntry } from '../orders/schemas.js';

/**
 * svc-orders asks svc-sync to tell the store-front an order was shipped. `updated` is true only
 * when the store-front accepted the change.
 */
export const markShippedAtStoreFront = defineCommand({
  subject: 'sync.markShipped',
  request: z.object({
    accountId: z.string().min(1),
    connectionId: z.string().nullable(),
    externalId: z.string().min(1),
    orderNumber: z.string().min(1),
    trackingNumber: z.string().min(1),
    courier: z.string().min(1),
    trackingUrl: z.string().nullable(),
  }),
  response: z.object({ updated: z.boolean(), reason: z.string().optional() }),
});

/**
 * What the seller corrected of a store-front order that the store-front can take back (Big Cartel's
 * order PATCH: buyer, address and shipping status; a shipment cannot be changed there). Only the
 * fields the seller changed are sent; null clears one.
 */
export const storeFrontCorrection = z
  .object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    shippingAddress1: z.string().nullable(),
    shippingAddress2: z.string().nullable(),
    shippingCity: z.string().nullable(),
    shippingState: z.string().nullable(),
    shippingZip: z.string().nullable(),
    shippingCountry: z.string().nullable(),
    shipped: z.literal(false),
  })
  .partial();
export type StoreFrontCorrection = z.infer<typeof storeFrontCorrection>;

/**
 * svc-orders asks svc-sync to carry a seller's correction of a store-front order back to the
 * store-front (issue 38 item 6), so the next sync does not bring the old values back. `updated` is
 * true only when the store-front accepted it.
 */
export const correctOrderAtStoreFront = defineCommand({
  subject: 'sync.correctOrder',
  request: z.object({
    accountId: z.string().min(1),
    connectionId: z.string().nullable(),
    externalId: z.string().min(1),
    orderNumber: z.string().min(1),
    correction: storeFrontCorrection,
  }),
  response: z.object({ updated: z.boolean(), reason: z.string().optional() }),
});

/**
 * What the store-front knows of how an order was sent: the carrier as the store-front names it, the
 * tracking number and the tracking link (http or https only: buyers open it). Any part may be
 * missing; a shipment with none of them is sent as no shipment.
 */
export const storeFrontShipment = z.object({
  courier: z.string().min(1).nullable(),
  trackingNumber: z.string().min(1).nullable(),
  trackingUrl: z
    .string()
    .regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL')
    .nullable(),
});

/** One store-front order as svc-sync hands it to svc-orders (mapping documented in svc-sync). */
export const storeFrontOrder = trackingEntry
  .pick({
    firstName: true,
    lastName: true,
    email: true,
    postcode: true,
    orderDate: true,
    shippedAt: true,
    shippingAddress1: true,
    shippingAddress2: true,
    shippingCity: true,
    shippingState: true,
    shippingCountry: true,
    shippingZip: true,
    items: true,
    productName: true,
    productId: true,
    productImageUrl: true,
    quantity: true,
    itemPrice: true,
    itemTotal: true,
    currency: true,
    quantityShipped: true,
    quantityUnshipped: true,
    categoryNames: true,
  })
  .extend({
    externalId: z.string().min(1),
    orderNumber: z.string().min(1),
    status: z.string().min(1),
    /** Each line of the order; `items` is the same as text. Absent from older svc-sync releases. */
    lineItems: z.array(orderLineItem).optional(),
    /**
     * The buyer's note at checkout. It fills the order's note while that is empty and never
     * replaces a note the seller wrote. Absent from older svc-sync releases.
     */
    customerNote: z.string().nullable().optional(),
    /**
     * The tracking of the order's latest shipment at the store-front; null when it has none. It
     * fills the order's courier, tracking number and link while the order has no tracking number,
     * and never replaces tracking the seller entered. Absent from older svc-sync releases.
     */
    shipment: storeFrontShipment.nullable().optional(),
  });

/**
 * svc-sync hands a page of store-front orders to svc-orders, which owns the upsert (keyed by
 * account, source and external id), applies keyword rules and says how many were new.
 */
export const upsertStoreFrontOrders = defineCommand({
  subject: 'orders.upsertBatch',
  request: z.object({
    accountId: z.string().min(1),
    connectionId: z.string().min(1),
    orders: z.array(storeFrontOrder).max(500),
  }),
  response: z.object({ created: z.number(), updated: z.number(), unchanged: z.number() }),
});

/** Counts and removal of a seller's store-front orders (sync status, clearing data, disconnect). */
export const countStoreFrontOrders = defineCommand({
  subject: 'orders.countStoreFront',
  request: z.object({ accountId: z.string().min(1), connectionId: z.string().nullable() }),
  response: z.object({ count: z.number() }),
});
export const deleteStoreFrontOrders = defineCommand({
  subject: 'orders.deleteStoreFront',
  request: z.object({ accountId: z.string().min(1), connectionId: z.string().nullable() }),
  response: z.object({ deleted: z.number() }),
});
