import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { trackingEntryResponse } from '@onvelope/contracts';
import { conflict } from '@onvelope/service-kit/errors';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import { toTrackingEntry, trackingEntryModel } from '../data/tracking-entry.model.js';
import { changeSellersOrder } from './change-order.js';
import { correctAtStoreFront, type StoreFrontWriteDeps } from './store-front-writes.js';

export const unshipMessages = {
  notShipped: (orderNumber: string) => `Order ${orderNumber} is not shipped`,
  unshipped: (orderNumber: string) => `Order ${orderNumber} marked as unshipped`,
  storeFrontStillShipped:
    'BigCartel could not be updated and still shows it shipped, so its next sync may mark it shipped again',
  storeFrontUpdated: 'BigCartel shows it unshipped too',
} as const;

/** Statuses an order leaves when the seller marks it unshipped: every one that says it was sent. */
const sentStatuses = new Set(['shipped', 'partially_shipped', 'delivered']);

/**
 * Marks a sent order back to pending (issue 38 item 6: shipped by mistake): the shipped date, the
 * rule that shipped it, the courier, tracking number and link and the carrier's record all go, so
 * the buyer sees no tracking of a parcel that is not theirs and live tracking stops applying
 * reports on it. What they were stays in the order's history. A store-front order is marked
 * unshipped there too, so its next sync does not ship it again.
 */
export async function markOrderUnshipped(
  deps: StoreFrontWriteDeps & { db: Connection },
  accountId: string,
  orderNumber: string,
): Promise<z.infer<typeof trackingEntryResponse>> {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId, 'seller');
  const updated = await changeSellersOrder(entries, orderNumber, (current) => {
    if (!sentStatuses.has(current.status)) throw conflict(unshipMessages.notShipped(orderNumber));
    return {
      status: 'pending',
      shippedAt: null,
      statusRule: null,
      courier: null,
      trackingNumber: null,
      trackingUrl: null,
      delivery: null,
      carrierStatus: null,
      carrierUpdatedAt: null,
    };
  });
  const unshipped = {
    message: unshipMessages.unshipped(orderNumber),
    entry: toTrackingEntry(updated),
  };
  const storeFrontUpdated = await correctAtStoreFront(deps, updated, { shipped: false });
  if (storeFrontUpdated === undefined) return unshipped;
  const said = storeFrontUpdated
    ? unshipMessages.storeFrontUpdated
    : unshipMessages.storeFrontStillShipped;
  return { ...unshipped, message: `${unshipped.message}; ${said}`, storeFrontUpdated };
}
