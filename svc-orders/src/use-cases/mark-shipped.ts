import type { Connection } from 'mongoose';
import type { z } from 'zod';
import {
  markShippedAtStoreFront,
  type markShippedRequest,
  type markShippedResponse,
} from '@onvelope/contracts';
import {
  conflict,
  notFound,
  requestCommand,
  type Logger,
  type NatsConnection,
} from '@onvelope/service-kit';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import {
  toTrackingEntry,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { resolveShipment } from '../domain/carriers.js';

export const shippingMessages = {
  notFound: (orderNumber: string) => `Order ${orderNumber} not found`,
  alreadyShipped: (orderNumber: string) => `Order ${orderNumber} is already shipped`,
  alreadyDelivered: (orderNumber: string) => `Order ${orderNumber} has already been delivered`,
  changedMeanwhile: (orderNumber: string) =>
    `Order ${orderNumber} changed while it was being shipped; please try again`,
  shipped: (orderNumber: string) => `Order ${orderNumber} marked as shipped successfully!`,
} as const;

/** How long the seller waits for the store-front before the order is answered as shipped here only. */
export const STORE_FRONT_TIMEOUT_MS = 4_000;
// A concurrent change (an import, a rules job) between reading and writing the order is rare;
// a few fresh attempts absorb it.
const ATTEMPTS = 3;

export interface MarkShippedDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  storeFrontTimeoutMs?: number;
}

type MarkShippedResult = z.infer<typeof markShippedResponse>;

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
  input: z.infer<typeof markShippedRequest>,
): Promise<MarkShippedResult> {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId);
  const shipment = resolveShipment(input);

  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const current = await entries.scoped.findOne({ orderNumber }).lean<TrackingEntryDocument>();
    if (!current) throw notFound(shippingMessages.notFound(orderNumber));
    if (current.status === 'shipped' && !storedStatusOf(current).statusRule)
      throw conflict(shippingMessages.alreadyShipped(orderNumber));
    if (current.status === 'delivered') {
      throw conflict(shippingMessages.alreadyDelivered(orderNumber));
    }

    const now = new Date();
    const { status, shippedAt, statusRule } = nextStatusOf(storedStatusOf(current), {
      source: 'seller',
      status: 'shipped',
      shippedAt: now,
      now,
    });
    // The change is announced through the outbox: a shipment made while NATS is down still
    // reaches analytics once it is back.
    const updated = await entries.updateOne(
      current,
      {
        status,
        shippedAt,
        statusRule,
        courier: shipment.courier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
      },
      now,
    );
    if (!updated) continue;
    return {
      message: shippingMessages.shipped(orderNumber),
      entry: toTrackingEntry(updated),
      bigCartelUpdated: await updateStoreFront(deps, updated),
    };
  }
  throw conflict(shippingMessages.changedMeanwhile(orderNumber));
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
