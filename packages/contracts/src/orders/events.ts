import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';

// Events only: commands such as `orders.upsertBatch` must stay outside the stream's subjects, or
// JetStream would store them and answer the requester with a publish ack.
export const ordersStream = defineStream({ name: 'ORDERS', subjects: ['orders.entry.>'] });

export const trackingEntryStatuses = [
  'pending',
  'processing',
  'shipped',
  'partially_shipped',
  'delivered',
  'cancelled',
] as const;

/**
 * A tracking entry was created or changed. `version` grows with every change of the entry, so a
 * consumer can ignore a redelivered or out-of-order message by comparing versions.
 */
export const trackingEntryUpserted = defineEvent({
  subject: 'orders.entry.upserted',
  stream: ordersStream,
  payload: z.object({
    accountId: z.string().min(1),
    entryId: z.string().min(1),
    orderNumber: z.string().min(1),
    status: z.string().min(1),
    source: z.enum(['csv', 'bigcartel', 'manual']),
    orderDate: z.iso.datetime().nullable(),
    shippingCountry: z.string().nullable(),
    itemTotal: z.number().nullable(),
    version: z.number().int().nonnegative(),
    changedAt: z.iso.datetime(),
  }),
});

/** A tracking entry was deleted (clearing data); consumers forget it. */
export const trackingEntryDeleted = defineEvent({
  subject: 'orders.entry.deleted',
  stream: ordersStream,
  payload: z.object({
    accountId: z.string().min(1),
    entryId: z.string().min(1),
    deletedAt: z.iso.datetime(),
  }),
});
