/**
 * One address model for an order's postcode (issue 38 item 3). Orders carry it in one of two
 * stored fields, by source: a CSV file's one "postcode or zipcode" column is stored as `postcode`
 * (spec 000 §6), a store-front order or store export carries its address's zip as `shippingZip`,
 * and some carry both. Every reader (the order as sent, reports and exports, search, the buyer's
 * proof) asks these functions, so no reader sees "no postcode" for an order that has one.
 */
export interface StoredPostcodes {
  postcode?: string | null;
  shippingZip?: string | null;
}

/** A stored value that says something: not empty, and not 'Unknown' (spec 000 §3). */
function known(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed.toLowerCase() === 'unknown' ? null : trimmed;
}

/** The postcode a buyer names the order by: its own, else its shipping address's zip. */
export const postcodeOf = (order: StoredPostcodes): string | null =>
  known(order.postcode) ?? known(order.shippingZip);

/** The zip of the order's shipping address: its own, else the order's postcode. */
export const shippingZipOf = (order: StoredPostcodes): string | null =>
  known(order.shippingZip) ?? known(order.postcode);
