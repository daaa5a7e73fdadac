import type { z } from 'zod';
import type { storeFrontShipment } from '@onvelope/contracts';
import { isoDate, text } from './attribute-values.js';
import type { JsonApiResource } from './bigcartel-order.js';

export type StoreFrontShipment = z.infer<typeof storeFrontShipment>;

const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/** The tracking a Big Cartel shipment carries (`carrier`, `tracking_number`, `tracking_url`), if any. */
export function trackingOfShipment(shipment: JsonApiResource): StoreFrontShipment | null {
  const attributes = shipment.attributes;
  const url = text(attributes.tracking_url);
  const tracking = {
    courier: text(attributes.carrier),
    trackingNumber: text(attributes.tracking_number),
    // Buyers open this link: anything but a web address (a `javascript:` URL, a bare host) is left out.
    trackingUrl: url && WEB_ADDRESS.test(url) ? url : null,
  };
  return tracking.courier || tracking.trackingNumber || tracking.trackingUrl ? tracking : null;
}

/**
 * Oldest first: by `created_at` when every shipment has one, else as the order lists them (the
 * simulator lists them in the order they were recorded).
 */
function oldestFirst(shipments: readonly JsonApiResource[]): JsonApiResource[] {
  const dated = shipments.map((shipment) => ({
    shipment,
    at: isoDate(shipment.attributes.created_at),
  }));
  if (dated.some(({ at }) => at === null)) return [...shipments];
  return dated
    .sort((a, b) => (a.at! < b.at! ? -1 : a.at! > b.at! ? 1 : 0))
    .map(({ shipment }) => shipment);
}

/**
 * The tracking of an order sent in one or more shipments (one a parcel): the latest shipment with a
 * tracking number, since that is the parcel the buyer waits for and can follow; else the latest that
 * names at least a carrier or a link; null when no shipment says anything of its tracking.
 */
export function latestShipmentOf(shipments: readonly JsonApiResource[]): StoreFrontShipment | null {
  const tracked = oldestFirst(shipments)
    .map(trackingOfShipment)
    .filter((tracking): tracking is StoreFrontShipment => tracking !== null)
    .reverse();
  return tracked.find((tracking) => tracking.trackingNumber) ?? tracked[0] ?? null;
}
