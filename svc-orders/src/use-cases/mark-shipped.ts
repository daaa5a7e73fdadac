import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { markShippedRequest, markShippedResponse } from '@onvelope/contracts';
import { conflict } from '@onvelope/service-kit/errors';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import { toTrackingEntry, trackingEntryModel } from '../data/tracking-entry.model.js';
import { resolveShipment } from '../domain/carriers.js';
import { changeSellersOrder, orderMessages } from './change-order.js';
import { shipAtStoreFront, type StoreFrontWriteDeps } from './store-front-writes.js';

export const shippingMessages = {
  notFound: orderMessages.notFound,
  alreadyShipped: (orderNumber: string) => `Order ${orderNumber} is already shipped`,
  alreadyDelivered: (orderNumber: string) => `Order ${orderNumber} has already been delivered`,
  changedMeanwhile: (orderNumber: string) =>
    `Order ${orderNumber} changed while it was being shipped; please try again`,
  shipped: (orderNumber: string) => `Order ${orderNumber} marked as shipped successfully!`,
  notShipped: (orderNumber: string) =>
    `Order ${orderNumber} is not shipped yet; mark it as shipped instead`,
  corrected: (orderNumber: string) => `Tracking of order ${orderNumber} corrected`,
  storeFrontKeepsTracking: 'the store-front still shows the earlier tracking',
} as const;

export interface MarkShippedDeps extends StoreFrontWriteDeps {
  db: Connection;
}

type MarkShippedResult = z.infer<typeof markShippedResponse>;
type ShipmentInput = z.infer<typeof markShippedRequest>;

/** The tracking fields a shipment sets, the courier and link resolved from what the seller typed. */
function trackingOf(input: ShipmentInput) {
  const { courier, trackingNumber, trackingUrl } = resolveShipment(input);
  return { courier, trackingNumber, trackingUrl };
}

/**
 * Marks one of the seller's orders shipped with its courier and tracking details (spec 000 §4:
 * from any status but shipped or delivered; an order a keyword rule marked shipped has no courier
 * yet and may be shipped for real), announces the change, and for a store-front order asks
 * svc-sync to update the store-front; `bigCartelUpdated` says whether that happened.
 */
export async function markOrderShipped(
  deps: MarkShippedDeps,
  accountId: string,
  orderNumber: string,
  input: ShipmentInput,
): Promise<MarkShippedResult> {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId, 'seller');
  const tracking = trackingOf(input);
  // The change is announced through the outbox: a shipment made while NATS is down still
  // reaches analytics once it is back.
  const updated = await changeSellersOrder(
    entries,
    orderNumber,
    (current, now) => {
      if (current.status === 'shipped' && !storedStatusOf(current).statusRule)
        throw conflict(shippingMessages.alreadyShipped(orderNumber));
      if (current.status === 'delivered') {
        throw conflict(shippingMessages.alreadyDelivered(orderNumber));
      }
      const { status, shippedAt, statusRule } = nextStatusOf(storedStatusOf(current), {
        source: 'seller',
        status: 'shipped',
        shippedAt: now,
        now,
      });
      return { status, shippedAt, statusRule, ...tracking };
    },
    shippingMessages.changedMeanwhile(orderNumber),
  );
  return {
    message: shippingMessages.shipped(orderNumber),
    entry: toTrackingEntry(updated),
    bigCartelUpdated: await shipAtStoreFront(deps, updated),
  };
}

/** Statuses whose tracking the seller may correct: on its way (delivered tracking is history). */
const correctableStatuses = new Set(['shipped', 'partially_shipped']);

/**
 * Corrects the courier, tracking number or link of a shipped order (issue 38 item 6), resolved as
 * shipping resolves them; the status and shipped date stay (a keyword rule's shipped status
 * becomes the seller's). A new tracking number drops the carrier's record of the old parcel, so
 * live tracking follows the new one: svc-sync registers it from the change event, and reports on
 * the old number no longer apply (`applyCarrierUpdates`). The store-front is not told: its API can
 * only add a shipment for unshipped lines, not change one (svc-orders README).
 */
export async function correctOrderTracking(
  deps: Pick<MarkShippedDeps, 'db'>,
  accountId: string,
  orderNumber: string,
  input: ShipmentInput,
): Promise<MarkShippedResult> {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId, 'seller');
  const tracking = trackingOf(input);
  const updated = await changeSellersOrder(entries, orderNumber, (current, now) => {
    if (current.status === 'delivered') {
      throw conflict(shippingMessages.alreadyDelivered(orderNumber));
    }
    if (!correctableStatuses.has(current.status)) {
      throw conflict(shippingMessages.notShipped(orderNumber));
    }
    const { status, shippedAt, statusRule } = nextStatusOf(storedStatusOf(current), {
      source: 'seller',
      status: current.status,
      now,
    });
    const newParcel = tracking.trackingNumber !== current.trackingNumber;
    return {
      status,
      shippedAt,
      statusRule,
      ...tracking,
      ...(newParcel ? { delivery: null, carrierStatus: null, carrierUpdatedAt: null } : {}),
    };
  });
  const storeFront = updated.source === 'bigcartel';
  return {
    message: storeFront
      ? `${shippingMessages.corrected(orderNumber)}; ${shippingMessages.storeFrontKeepsTracking}`
      : shippingMessages.corrected(orderNumber),
    entry: toTrackingEntry(updated),
    bigCartelUpdated: false,
  };
}
