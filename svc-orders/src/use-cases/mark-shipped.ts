import type { Connection } from 'mongoose';
import type { z } from 'zod';
import {
  markShippedAtStoreFront,
  type markShippedRequest,
  type markShippedResponse,
} from '@onvelope/contracts';
import { conflict, requestCommand, type Logger, type NatsConnection } from '@onvelope/service-kit';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import {
  toTrackingEntry,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { resolveShipment } from '../domain/carriers.js';
import { changeSellersOrder, orderMessages } from './change-order.js';

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

/** How long the seller waits for the store-front before the order is answered as shipped here only. */
export const STORE_FRONT_TIMEOUT_MS = 4_000;

export interface MarkShippedDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  storeFrontTimeoutMs?: number;
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
    bigCartelUpdated: await updateStoreFront(deps, updated),
  };
}

/** Statuses whose tracking the seller may correct: on its way (delivered tracking is history). */
const correctableStatuses = new Set(['shipped', 'partially_shipped']);

/**
 * Corrects the courier, tracking number or link of a shipped order (issue 38 item 6), resolved as
 * shipping resolves them; the status and shipped date stay (a keyword rule's shipped status
 * becomes the seller's). A new tracking number drops the carrier's record of the old parcel, so
 * live tracking follows the new one: svc-sync registers it from the change event, and reports on
 * the old number no longer apply (`applyCarrierUpdate`). The store-front is not told: its API can
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

/** True only when svc-sync answers that the store-front accepted the shipment. */
async function updateStoreFront(deps: MarkShippedDeps, entry: TrackingEntryDocument) {
  if (entry.source !== 'bigcartel') return false;
  const context = { accountId: entry.accountId, orderNumber: entry.orderNumber };
  if (!entry.externalId) {
    deps.log.warn(context, 'store-front order without an external id; store-front not updated');
    return false;
  }
  try {
    const reply = await requestCommand(
      deps.nats,
      markShippedAtStoreFront,
      {
        accountId: entry.accountId,
        connectionId: entry.connectionId ?? null,
        externalId: entry.externalId,
        orderNumber: entry.orderNumber,
        trackingNumber: entry.trackingNumber ?? '',
        courier: entry.courier ?? '',
        trackingUrl: entry.trackingUrl ?? null,
      },
      deps.storeFrontTimeoutMs ?? STORE_FRONT_TIMEOUT_MS,
    );
    if (!reply.updated) {
      deps.log.warn({ ...context, reason: reply.reason }, 'store-front refused the shipment');
    }
    return reply.updated;
  } catch (error) {
    // No responder, a timeout or an error: the order stays shipped here; the seller is told the
    // store-front was not updated.
    deps.log.warn({ ...context, err: error }, 'store-front not updated');
    return false;
  }
}
