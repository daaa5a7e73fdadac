import type {
  DeliveryEstimate,
  DeliveryEstimateLane,
  DeliveryEstimateRule,
  TrackingEntry,
} from '@onvelope/contracts';
import { normaliseCourier } from './carriers.js';
import { countryCodeOf } from './countries.js';

/** What an estimate is made from: the order's own fields. */
export type EstimatedOrder = Pick<
  TrackingEntry,
  'status' | 'orderDate' | 'createdAt' | 'shippedAt' | 'shippingCountry' | 'courier' | 'delivery'
>;

/** Carrier states after which no arrival date means anything to the buyer. */
const pastEstimating = new Set([
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'error',
  'cancelled',
]);

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant, read in UTC. */
const dayOf = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** The day `days` business days (Monday to Friday) after `from`'s day; `from`'s own day for 0. */
export function addBusinessDays(from: string | Date, days: number): string {
  let at = Date.parse(`${dayOf(from)}T00:00:00Z`);
  for (let left = days; left > 0;) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return dayOf(new Date(at));
}

/** One spelling of a carrier for comparing a lane's with an order's ('royal mail 1st class' = 'Royal Mail'). */
const carrierKey = (courier: string) => normaliseCourier(courier) ?? courier.trim().toLowerCase();

/** Transit days to the order's destination by the order's carrier: the most specific lane wins. */
export function transitDaysOf(
  rule: DeliveryEstimateRule,
  destination: string | null,
  courier: string | null,
  sellerCountry: string | null,
): number {
  const country = destination ? countryCodeOf(destination) : null;
  const home = sellerCountry ? countryCodeOf(sellerCountry) : null;
  if (country) {
    const lanes = rule.lanes.filter((lane) => lane.country === country);
    const carrier = courier?.trim() ? carrierKey(courier) : null;
    const byCarrier = (lane: DeliveryEstimateLane) =>
      lane.carrier !== null && carrier !== null && carrierKey(lane.carrier) === carrier;
    const lane = lanes.find(byCarrier) ?? lanes.find((candidate) => candidate.carrier === null);
    if (lane) return lane.transitDays;
  }
  // An order with no readable country is counted as going abroad: the later day disappoints less.
  return country && country === home ? rule.domesticTransitDays : rule.internationalTransitDays;
}

/**
 * When the order should arrive (issue 33): the carrier's date while it gives one, otherwise the
 * seller's rule from the shipment (transit days) or, before it, from the order (processing days
 * too). None once delivered, cancelled or in trouble, and none when the seller's own day has
 * passed: the rule has nothing more to say then, and a date in the past helps no buyer.
 *
 * @example
 * estimateDelivery({ status: 'shipped', shippedAt: '2026-11-27T10:00:00Z', ... }, rule, 'GB', now)
 * // { date: '2026-12-02', by: 'seller' } with 3 domestic transit days (a Friday, then the weekend)
 */
export function estimateDelivery(
  order: EstimatedOrder,
  rule: DeliveryEstimateRule,
  sellerCountry: string | null,
  now: Date,
): DeliveryEstimate | null {
  if (order.status === 'delivered' || order.status === 'cancelled') return null;
  const carrier = order.delivery ?? null;
  if (carrier && pastEstimating.has(carrier.carrierStatus)) return null;
  if (carrier?.estimatedDeliveryAt)
    return { date: dayOf(carrier.estimatedDeliveryAt), by: 'carrier' };
  const transit = transitDaysOf(rule, order.shippingCountry, order.courier, sellerCountry);
  const shipped = order.status === 'shipped' || order.status === 'partially_shipped';
  const date =
    shipped && order.shippedAt
      ? addBusinessDays(order.shippedAt, transit)
      : addBusinessDays(order.orderDate ?? order.createdAt, rule.processingDays + transit);
  return date < dayOf(now) ? null : { date, by: 'seller' };
}
