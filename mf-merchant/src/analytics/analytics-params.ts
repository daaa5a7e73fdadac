import {
  currencyCodeOf,
  NO_CURRENCY,
  popularItemsQuery,
  rangeQuery,
  DEFAULT_ANALYTICS_RANGE,
  DEFAULT_POPULAR_ITEM_LIMIT,
  type AnalyticsRange,
  type PopularItemLimit,
} from '@onvelope/contracts';

/**
 * The screen keeps its choices in the address (`/analytics?days=90&limit=20`), so a reload, a
 * shared link or the way back from the pricing page opens the same view. A value the service would
 * refuse falls back to the spec's default.
 */
export function rangeFromParam(value: string | null): AnalyticsRange {
  const parsed = rangeQuery.safeParse({ days: value ?? undefined });
  return parsed.success ? parsed.data.days : DEFAULT_ANALYTICS_RANGE;
}

/** The number of popular items the address asks for; see `rangeFromParam`. */
export function itemLimitFromParam(value: string | null): PopularItemLimit {
  const parsed = popularItemsQuery.safeParse({ limit: value ?? undefined });
  return parsed.success ? parsed.data.limit : DEFAULT_POPULAR_ITEM_LIMIT;
}

/**
 * The currency the address asks the money in (`/analytics?currency=USD`, or `none` for orders
 * without one), as the calls take it; undefined for the seller's main currency (issue 38 item 4).
 */
export function currencyFromParam(value: string | null): string | undefined {
  if (value === NO_CURRENCY) return NO_CURRENCY;
  return currencyCodeOf(value) ?? undefined;
}
