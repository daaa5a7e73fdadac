import { z } from 'zod';
import { defineCommand } from '../messaging.js';

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

/** One store-front order as svc-sync hands it to svc-orders (mapping documented in svc-sync). */
export const storeFrontOrder = z.object({
  externalId: z.string().min(1),
  orderNumber: z.string().min(1),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  postcode: z.string().nullable(),
  status: z.string().min(1),
  orderDate: z.iso.datetime().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingCountry: z.string().nullable(),
  shippingZip: z.string().nullable(),
  items: z.string().nullable(),
  productName: z.string().nullable(),
  productId: z.string().nullable(),
  productImageUrl: z.string().nullable(),
  quantity: z.number().nullable(),
  itemPrice: z.number().nullable(),
  itemTotal: z.number().nullable(),
  quantityShipped: z.number().nullable(),
  quantityUnshipped: z.number().nullable(),
  categoryNames: z.string().nullable(),
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
