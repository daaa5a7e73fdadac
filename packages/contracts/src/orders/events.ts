import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';
import { currencyCode } from '../currency.js';
import { carrierStatuses } from '../tracking/schemas.js';
import { orderLineItem } from './line-items.js';

// Events only: commands such as `orders.upsertBatch` must stay outside the stream's subjects, or
// JetStream would store them and answer the requester with a publish ack.
// `orders.entry.>` carried one message per entry before events were batched; it stays on the stream
// so a publisher still running the older release keeps its messages until its consumers drain.
export const ordersStream = defineStream({
  name: 'ORDERS',
  subjects: ['orders.entries.>', 'orders.entry.>'],
});

export const trackingEntryStatuses = [
  'pending',
  'processing',
  'shipped',
  'partially_shipped',
  'delivered',
  'cancelled',
] as const;

/**
 * The most entries one event carries: a batch of an import, a sync or a clear fits in one message
 * (about 250 bytes an entry, well under NATS's 1 MB payload limit), so 100,000 imported orders are
 * 100 publishes rather than 100,000.
 */
export const MAX_ENTRIES_PER_EVENT = 1_000;

/**
 * The shape of `trackingEntryUpserted` a publisher writes. Version 2 added what analytics reads
 * (items, customer, courier, shippedAt), all optional so that a version-1 consumer, which ignores
 * fields it does not know, keeps working, and a version-2 consumer reads a version-1 message
 * (no `eventVersion`) as having none of them. Version 3 added what live tracking reads (the
 * tracking number, the carrier's status and delivery date). Version 4 added the currency of
 * `itemTotal`, so analytics never adds one currency's amounts to another's.
 */
export const TRACKING_ENTRY_EVENT_VERSION = 4;

/**
 * One entry's change. `version` grows with every change of the entry, so a consumer can ignore a
 * redelivered or out-of-order change by comparing versions.
 */
export const trackingEntryChange = z.object({
  entryId: z.string().min(1),
  orderNumber: z.string().min(1),
  status: z.string().min(1),
  source: z.enum(['csv', 'bigcartel', 'manual']),
  orderDate: z.iso.datetime().nullable(),
  shippingCountry: z.string().nullable(),
  itemTotal: z.number().nullable(),
  version: z.number().int().nonnegative(),
  changedAt: z.iso.datetime(),
  // Since event version 2.
  items: z.array(orderLineItem.omit({ option: true, productId: true })).optional(),
  customerEmail: z.string().nullable().optional(),
  customerName: z.string().nullable().optional(),
  courier: z.string().nullable().optional(),
  shippedAt: z.iso.datetime().nullable().optional(),
  // Since event version 3.
  trackingNumber: z.string().nullable().optional(),
  carrierStatus: z.enum(carrierStatuses).nullable().optional(),
  deliveredAt: z.iso.datetime().nullable().optional(),
  estimatedDeliveryAt: z.iso.datetime().nullable().optional(),
  // Since event version 4.
  currency: currencyCode.nullable().optional(),
});

/** Tracking entries of one account were created or changed, together (one write). */
export const trackingEntryUpserted = defineEvent({
  subject: 'orders.entries.upserted',
  stream: ordersStream,
  version: TRACKING_ENTRY_EVENT_VERSION,
  payload: z.object({
    /** `TRACKING_ENTRY_EVENT_VERSION` of the publisher; absent means 1. */
    eventVersion: z.number().int().positive().optional(),
    accountId: z.string().min(1),
    changes: z.array(trackingEntryChange).min(1).max(MAX_ENTRIES_PER_EVENT),
  }),
});

/** Tracking entries of one account were deleted (clearing data); consumers forget them. */
export const trackingEntryDeleted = defineEvent({
  subject: 'orders.entries.deleted',
  stream: ordersStream,
  payload: z.object({
    accountId: z.string().min(1),
    entryIds: z.array(z.string().min(1)).min(1).max(MAX_ENTRIES_PER_EVENT),
    deletedAt: z.iso.datetime(),
  }),
});
