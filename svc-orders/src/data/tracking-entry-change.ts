import type { trackingEntryChange } from '@onvelope/contracts';
import type { z } from 'zod';
import { lineItemsOf, type LineItemSource } from '../domain/line-items.js';
import type { TrackingEntryDocument } from './tracking-entry.model.js';

/**
 * A tracking entry's change as the `orders.entries.upserted` event carries it. Made here, where
 * entries are written: a writer hands its changes to the outbox with the write, and the relay
 * publishes them as they were stored.
 */
export type TrackingEntryChange = z.infer<typeof trackingEntryChange>;

/** What `changeOf` reads of a stored entry. */
export type ChangedEntry = Pick<
  TrackingEntryDocument,
  | '_id'
  | 'orderNumber'
  | 'status'
  | 'source'
  | 'orderDate'
  | 'shippingCountry'
  | 'itemTotal'
  | 'currency'
  | 'version'
  | 'updatedAt'
  | 'email'
  | 'customerName'
  | 'firstName'
  | 'lastName'
  | 'courier'
  | 'shippedAt'
  | 'trackingNumber'
  | 'delivery'
> &
  LineItemSource;

/** The change of an entry as it is stored now. */
export function changeOf(entry: ChangedEntry): TrackingEntryChange {
  return {
    entryId: String(entry._id),
    orderNumber: entry.orderNumber,
    status: entry.status,
    source: entry.source,
    orderDate: entry.orderDate ? entry.orderDate.toISOString() : null,
    shippingCountry: entry.shippingCountry ?? null,
    itemTotal: entry.itemTotal ?? null,
    currency: entry.currency ?? null,
    version: entry.version,
    changedAt: entry.updatedAt.toISOString(),
    items: lineItemsOf(entry).map(({ name, imageUrl, quantity, price }) => ({
      name,
      imageUrl,
      quantity,
      price,
    })),
    customerEmail: entry.email ?? null,
    customerName:
      entry.customerName ?? ([entry.firstName, entry.lastName].filter(Boolean).join(' ') || null),
    courier: entry.courier ?? null,
    shippedAt: entry.shippedAt ? entry.shippedAt.toISOString() : null,
    trackingNumber: entry.trackingNumber ?? null,
    carrierStatus: entry.delivery?.carrierStatus ?? null,
    deliveredAt: entry.delivery?.deliveredAt ?? null,
    estimatedDeliveryAt: entry.delivery?.estimatedDeliveryAt ?? null,
  };
}
