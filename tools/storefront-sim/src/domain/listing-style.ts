/**
 * How a store's order listings are shaped. The real API's shape is known only from samples
 * (bigcartel-api.md §4), so a store can be told to answer in the other shapes a client must cope
 * with. Left out, a store answers as the README describes.
 */
export interface ListingStyle {
  /** `meta.count` as a string ("250"), as some JSON renderers send numbers. */
  countAsString?: boolean;
  /** No `links.next` on any page: a client must page by `page[offset]` up to `meta.count`. */
  omitNextLink?: boolean;
  /** `meta.count` says this many orders more than the listing holds (its pages end before). */
  overstateCountBy?: number;
}

const flags = ['countAsString', 'omitNextLink'] as const;
const keys: readonly string[] = [...flags, 'overstateCountBy'];

/** Checks a listing style given as JSON; throws an Error naming what is wrong. */
export function readListingStyle(value: unknown): ListingStyle {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('listing must be an object');
  }
  const style = value as Record<string, unknown>;
  const unknown = Object.keys(style).find((key) => !keys.includes(key));
  if (unknown) throw new Error(`unknown listing option "${unknown}"; use ${keys.join(', ')}`);
  for (const flag of flags) {
    if (style[flag] !== undefined && typeof style[flag] !== 'boolean') {
      throw new Error(`listing.${flag} must be true or false`);
    }
  }
  const overstate = style.overstateCountBy;
  if (overstate !== undefined && !(Number.isInteger(overstate) && (overstate as number) >= 0)) {
    throw new Error('listing.overstateCountBy must be a whole number of at least 0');
  }
  return { ...style } as ListingStyle;
}

/** `meta.count` of a listing that holds `total` orders, in the store's style. */
export function listingCount(total: number, style: ListingStyle): number | string {
  const count = total + (style.overstateCountBy ?? 0);
  return style.countAsString ? String(count) : count;
}
