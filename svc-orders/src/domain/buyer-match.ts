import { postcodeOf, type StoredPostcodes } from './order-postcode.js';

/**
 * How a buyer proves an order is theirs without an account (spec 001 §3 "Track query", §7 lookup):
 * email, postcode and order number must all match one order.
 */

/** Postcodes compared trimmed, upper-cased and without spaces; 'Unknown' counts as missing (spec 000 §3). */
export function normalisePostcode(postcode: string | null | undefined): string | null {
  const compact = postcode?.replace(/\s+/g, '').toUpperCase() ?? '';
  return compact === '' || compact === 'UNKNOWN' ? null : compact;
}

export const normaliseEmail = (email: string | null | undefined) =>
  email?.trim().toLowerCase() || null;

/**
 * The stored spellings an order number typed by a buyer may have: as typed, and with or without
 * the leading '#' store-fronts print ('1001' finds '#1001' and the other way round).
 */
export function orderNumberVariants(orderNumber: string): string[] {
  const bare = orderNumber.trim().replace(/^#+/, '');
  return [...new Set([orderNumber.trim(), bare, `#${bare}`])].filter(Boolean);
}

/** One key per order number however it is typed, for counting attempts against it. */
export const orderNumberKey = (orderNumber: string) =>
  orderNumber.trim().replace(/^#+/, '').toLowerCase();

export interface BuyerDetails {
  email: string;
  postcode: string;
}

export interface MatchableOrder extends StoredPostcodes {
  email?: string | null;
}

/**
 * Whether the details are the order's buyer's. The postcode is the order's postcode, or its
 * shipping zip when the order has none (store-front orders carry only the latter). An order with
 * neither never matches: there is nothing to prove the buyer knows.
 */
export function detailsMatchOrder(order: MatchableOrder, details: BuyerDetails): boolean {
  const orderEmail = normaliseEmail(order.email);
  const orderPostcode = normalisePostcode(postcodeOf(order));
  return (
    orderEmail !== null &&
    orderPostcode !== null &&
    orderEmail === normaliseEmail(details.email) &&
    orderPostcode === normalisePostcode(details.postcode)
  );
}

/**
 * Order numbers are unique per seller only, so one number may name orders of several sellers.
 * The details must pick out exactly one of them; two matches (the same buyer, number and postcode
 * at two sellers) are answered like none rather than guessing.
 */
export function theOneMatch<T extends MatchableOrder>(
  candidates: T[],
  details: BuyerDetails,
): T | null {
  const matches = candidates.filter((order) => detailsMatchOrder(order, details));
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
