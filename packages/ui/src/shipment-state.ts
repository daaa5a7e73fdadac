import type { DeliveryRecord } from '@onvelope/contracts';
import { formatDate } from './date-format.js';

/** How a shipment is going, for the colour it is shown in. */
export type ShipmentTone = 'moving' | 'delivered' | 'attention' | 'problem';

export interface ShipmentState {
  tone: ShipmentTone;
  /** The state in plain words ("Out for delivery today"). */
  headline: string;
  /** A second line when there is more to say (where, who signed, what happens next). */
  detail: string | null;
  /** The delivery estimate is worth showing: not once delivered, returned or failed. */
  showEstimate: boolean;
}

const lastPlace = (delivery: DeliveryRecord) =>
  [...delivery.checkpoints].reverse().find((checkpoint) => checkpoint.place)?.place ?? null;

/** Delivery attempts and exceptions EasyPost reports as `in_transit` with this detail. */
const attemptFailed = (delivery: DeliveryRecord) => delivery.statusDetail === 'delivery_exception';

/** Delays carriers report while the parcel still moves. */
const delays = new Set(['weather_delay', 'delayed', 'missorted', 'transit_exception']);

/**
 * What the carrier's last report means for the person waiting, in plain words (issue 33), the
 * same on the buyer's tracking page, in their portal and in the seller's order details. `status`
 * is the order's own: a seller who marked it delivered is believed and shown as such.
 *
 * @example
 * shipmentState({ ...delivery, carrierStatus: 'out_for_delivery' }, 'shipped').headline
 * // 'Out for delivery today'
 */
export function shipmentState(delivery: DeliveryRecord, status: string): ShipmentState {
  if (status === 'delivered' && delivery.carrierStatus !== 'delivered') {
    return {
      tone: 'delivered',
      headline: 'Marked delivered by the seller',
      detail: `The carrier last said: ${carrierState(delivery, status).headline}`,
      showEstimate: false,
    };
  }
  return carrierState(delivery, status);
}

function carrierState(delivery: DeliveryRecord, status: string): ShipmentState {
  const place = lastPlace(delivery);
  switch (delivery.carrierStatus) {
    case 'delivered':
      return {
        tone: 'delivered',
        headline: delivery.deliveredAt
          ? `Delivered ${formatDate(delivery.deliveredAt, '')}`
          : 'Delivered',
        detail: delivery.signedBy ? `Signed for by ${delivery.signedBy}` : place,
        showEstimate: false,
      };
    case 'out_for_delivery':
      return {
        tone: 'moving',
        headline: 'Out for delivery today',
        detail: place,
        showEstimate: true,
      };
    case 'available_for_pickup':
      return {
        tone: 'attention',
        headline: 'Ready to collect',
        detail: place
          ? `The parcel is waiting at ${place}`
          : 'The parcel is waiting at a pickup point',
        showEstimate: false,
      };
    case 'return_to_sender':
      return {
        tone: 'problem',
        headline: 'Returned to sender',
        detail: 'The carrier is sending the parcel back to the seller',
        showEstimate: false,
      };
    case 'failure':
    case 'error':
    case 'cancelled':
      return {
        tone: 'problem',
        headline: 'There is a problem with this delivery',
        detail: 'The carrier could not deliver the parcel; the seller has been told',
        showEstimate: false,
      };
    case 'in_transit':
      if (attemptFailed(delivery)) {
        return {
          tone: 'attention',
          headline: 'Delivery attempt failed — the carrier will try again',
          detail: place,
          showEstimate: false,
        };
      }
      return {
        tone: 'moving',
        headline: delays.has(delivery.statusDetail ?? '')
          ? 'On its way, running late'
          : 'On its way',
        detail: place ? `Last seen in ${place}` : null,
        showEstimate: true,
      };
    case 'pre_transit':
      return {
        tone: 'moving',
        headline: 'Label created — waiting for the carrier to collect it',
        detail: null,
        showEstimate: true,
      };
    default:
      return {
        tone: 'moving',
        headline: "Waiting for the carrier's first scan",
        detail: null,
        showEstimate: status !== 'delivered',
      };
  }
}
