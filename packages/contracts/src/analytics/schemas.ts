import { z } from 'zod';
import { currencyCode, currencyCodeOf } from '../currency.js';

/** Spec 001 §9: the time ranges the analytics screen offers, in days (default 30). */
export const analyticsRanges = [7, 30, 90, 365] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** Spec 001 §9: how many popular items the screen may ask for (default 10). */
export const popularItemLimits = [5, 10, 20] as const;
export type PopularItemLimit = (typeof popularItemLimits)[number];
export const DEFAULT_POPULAR_ITEM_LIMIT: PopularItemLimit = 10;

/** Spec 001 §9: rows each panel shows. */
export const analyticsPanelLimits = {
  countryRows: 10,
  revenueBars: 14,
  topCustomers: 5,
  topCouriers: 5,
  /** Beyond the spec (issue 33): carriers and countries each in the delivery times panel. */
  deliveryTimeRows: 10,
} as const;

/** A query value that must be one of a few whole numbers, with a message that lists them. */
function oneOf<const T extends readonly number[]>(name: string, values: T, fallback: T[number]) {
  const message = `${name} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return z
    .string({ error: message })
    .optional()
    .transform((raw, context): T[number] => {
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if ((values as readonly number[]).includes(value) && raw.trim() === String(value)) {
        return value as T[number];
      }
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/**
 * The `currency` query value of the orders that came without a currency (imported before issue 38
 * item 4, or from a file without a Currency column): their amounts are one more bucket, shown as
 * plain numbers.
 */
export const NO_CURRENCY = 'none';

/**
 * Which of the seller's currencies the figures are in (issue 38 item 4: amounts of different
 * currencies are never added together): an ISO 4217 code, `NO_CURRENCY`, or absent for the
 * currency the seller has most orders in. Parsed to the code, null for `NO_CURRENCY`.
 */
const currencyChoice = z
  .string({ error: 'currency must be an ISO 4217 code or none' })
  .optional()
  .transform((raw, context): string | null | undefined => {
    if (raw === undefined) return undefined;
    if (raw === NO_CURRENCY) return null;
    const code = currencyCodeOf(raw);
    if (code) return code;
    context.addIssue({ code: 'custom', message: 'currency must be an ISO 4217 code or none' });
    return z.NEVER;
  });

export const rangeQuery = z.object({
  days: oneOf('days', analyticsRanges, DEFAULT_ANALYTICS_RANGE),
});
/** The query of a call whose answer has money in it. */
export const moneyRangeQuery = rangeQuery.extend({ currency: currencyChoice });
export const popularItemsQuery = moneyRangeQuery.extend({
  limit: oneOf('limit', popularItemLimits, DEFAULT_POPULAR_ITEM_LIMIT),
});
export const revenueTrendsQuery = moneyRangeQuery.extend({
  period: z.enum(['daily'], { error: 'period must be daily' }).default('daily'),
});

const money = z.number();
const count = z.number().int().nonnegative();
const share = z.number().min(0).max(100);

/** One currency's revenue over the range asked for (null: the orders without a currency). */
export const currencyRevenue = z.object({
  currency: currencyCode.nullable(),
  orderCount: count,
  revenue: money,
});
export type CurrencyRevenue = z.infer<typeof currencyRevenue>;

/**
 * What every answer with money says of it: the currency all its amounts are in (null: the orders
 * without a currency, written as plain numbers), and each of the seller's currencies with its
 * revenue over the range, the most orders first; never one total across currencies.
 */
const moneyFields = {
  currency: currencyCode.nullable(),
  currencies: z.array(currencyRevenue),
};

/** The first and last day of a range (`YYYY-MM-DD`), today included. */
const dayRange = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

/**
 * Beyond the spec: an all-time panel's headline figures over the screen's time range (`days`)
 * and over the range of the same length before it, so the panel can show the change.
 */
function periodOf<const Shape extends z.ZodRawShape>(figures: Shape) {
  return z.object({ range: dayRange, current: z.object(figures), previous: z.object(figures) });
}

/** Spec 001 §3 "Country" row; `country` is the two-letter code the order was shipped to. */
export const countryRow = z.object({
  country: z.string(),
  orderCount: count,
  uniqueCustomers: count,
  avgOrderValue: money,
  totalRevenue: money,
});
export type CountryRow = z.infer<typeof countryRow>;

/** Totals over every country (a buyer who ordered to two countries is one customer). */
export const countryTotals = countryRow.omit({ country: true });

export const countriesResponse = z.object({
  success: z.literal(true),
  ...moneyFields,
  /** Every country, most orders first. */
  data: z.array(countryRow),
  totals: countryTotals,
  /** Orders shipped to a country, and how many countries they went to. */
  period: periodOf({ orderCount: count, countryCount: count }),
});

/** Spec 001 §3 "Popular item". */
export const popularItemRow = z.object({
  productName: z.string(),
  productImageUrl: z.string().nullable(),
  totalQuantitySold: z.number().nonnegative(),
  orderCount: count,
  totalRevenue: money,
});
export type PopularItemRow = z.infer<typeof popularItemRow>;

export const popularItemsResponse = z.object({
  success: z.literal(true),
  ...moneyFields,
  /** Most units sold first; at most `limit` rows. */
  data: z.array(popularItemRow),
  period: periodOf({ unitsSold: z.number().nonnegative() }),
});

/** Spec 001 §3 "Revenue trend": one day (`YYYY-MM-DD` in the analytics time zone) with orders. */
export const revenueTrendRow = z.object({
  period: z.string(),
  revenue: money,
  orderCount: count,
  avgOrderValue: money,
});
export type RevenueTrendRow = z.infer<typeof revenueTrendRow>;

/** Figures over a whole range: the one asked for, and the same length just before it. */
export const periodTotals = z.object({
  revenue: money,
  orderCount: count,
  avgOrderValue: money,
  daysWithData: count,
});
export type PeriodTotals = z.infer<typeof periodTotals>;

/** What a ranged call answers beside its rows: the range, its totals and the range before it. */
const rangedFields = {
  range: dayRange,
  totals: periodTotals,
  previous: periodTotals,
};

export const revenueTrendsResponse = z.object({
  success: z.literal(true),
  ...moneyFields,
  /** The days of the range that had orders, oldest first. */
  data: z.array(revenueTrendRow),
  ...rangedFields,
});

export const customerSegments = ['new', 'returning', 'loyal'] as const;
export type CustomerSegment = (typeof customerSegments)[number];

export const customerSegmentRow = z.object({
  customerType: z.enum(customerSegments),
  customerCount: count,
  percentage: share,
  avgOrdersPerCustomer: z.number().nonnegative(),
  avgSpentPerCustomer: money,
});
export const topCustomerRow = z.object({
  email: z.string(),
  orderCount: count,
  firstOrderDate: z.iso.datetime().nullable(),
  lifetimeValue: money,
  avgOrderValue: money,
});
export type CustomerSegmentRow = z.infer<typeof customerSegmentRow>;
export type TopCustomerRow = z.infer<typeof topCustomerRow>;

export const customerBehaviorResponse = z.object({
  success: z.literal(true),
  ...moneyFields,
  data: z.object({
    /** Always the three segments, in the order new, returning, loyal. */
    customerSegments: z.array(customerSegmentRow),
    topCustomers: z.array(topCustomerRow),
  }),
  /** Customers whose first order fell in the range, and orders by customers who had ordered before. */
  period: periodOf({ newCustomers: count, repeatOrders: count }),
});

export const deliveryStatusRow = z.object({
  status: z.string(),
  orderCount: count,
  percentage: share,
});
export const courierRow = z.object({
  courier: z.string(),
  ordersShipped: count,
  avgOrderValue: money,
});
export type DeliveryStatusRow = z.infer<typeof deliveryStatusRow>;
export type CourierRow = z.infer<typeof courierRow>;

export const shippingPerformanceResponse = z.object({
  success: z.literal(true),
  ...moneyFields,
  data: z.object({
    /** Orders by status, most first. */
    deliverySuccess: z.array(deliveryStatusRow),
    /** The couriers that shipped most, at most five. */
    courierPerformance: z.array(courierRow),
  }),
  /** Orders shipped in the range, by their shipping date. */
  period: periodOf({ shipped: count }),
});

/**
 * Beyond the spec (issue 33, live tracking): how long the deliveries the carriers reported in a
 * range took and whether they came by the carrier's estimate (svc-analytics README, "Delivery
 * times"). A delivery belongs to the day the carrier delivered it, in the seller's time zone.
 */
export const deliveryTimeFigures = z.object({
  /** Deliveries with a carrier delivery date in the range (and a shipping date before it). */
  delivered: count,
  /** Days from shipped to delivered, one decimal; null without deliveries. */
  medianDays: z.number().nonnegative().nullable(),
  /** 90% of the deliveries took at most this many days; null without deliveries. */
  p90Days: z.number().nonnegative().nullable(),
  /** Deliveries for which the carrier had given an estimated delivery date. */
  withEstimate: count,
  /** Of those, delivered on or before the estimated day. */
  onTime: count,
  /** `onTime` as a share of `withEstimate`; null when no delivery had an estimate. */
  onTimeShare: share.nullable(),
});
export type DeliveryTimeFigures = z.infer<typeof deliveryTimeFigures>;

/** One courier's deliveries, named as the seller wrote it (grouped without regard to case). */
export const carrierDeliveryTimeRow = deliveryTimeFigures.extend({ courier: z.string() });
/** Deliveries to one country (the two-letter code the order was shipped to). */
export const countryDeliveryTimeRow = deliveryTimeFigures.extend({ country: z.string() });
export type CarrierDeliveryTimeRow = z.infer<typeof carrierDeliveryTimeRow>;
export type CountryDeliveryTimeRow = z.infer<typeof countryDeliveryTimeRow>;

export const deliveryTimes = z.object({
  /** Every delivery of the range, with or without a courier or country. */
  overall: deliveryTimeFigures,
  /** Most deliveries first, at most `analyticsPanelLimits.deliveryTimeRows`. */
  byCarrier: z.array(carrierDeliveryTimeRow),
  /** Most deliveries first, at most `analyticsPanelLimits.deliveryTimeRows`. */
  byCountry: z.array(countryDeliveryTimeRow),
});
export type DeliveryTimes = z.infer<typeof deliveryTimes>;

export const deliveryTimesResponse = z.object({
  success: z.literal(true),
  data: deliveryTimes,
  /** The days the figures cover: `days` days ending on the day they were counted. */
  range: dayRange,
});

export const hourRow = z.object({
  hour: z.number().int().min(0).max(23),
  orderCount: count,
  avgOrderValue: money,
});
export const weekdayRow = z.object({
  /** 0 is Sunday, as JavaScript's `getDay`. */
  dayOfWeek: z.number().int().min(0).max(6),
  dayName: z.string(),
  orderCount: count,
  avgOrderValue: money,
});
export type HourRow = z.infer<typeof hourRow>;
export type WeekdayRow = z.infer<typeof weekdayRow>;

export const peakTimesResponse = z.object({
  success: z.literal(true),
  ...moneyFields,
  data: z.object({
    /** All 24 hours, from 0. */
    hourlyPattern: z.array(hourRow),
    /** All seven days, Sunday first. */
    weeklyPattern: z.array(weekdayRow),
  }),
  ...rangedFields,
});

export type CountriesResponse = z.infer<typeof countriesResponse>;
export type PopularItemsResponse = z.infer<typeof popularItemsResponse>;
export type RevenueTrendsResponse = z.infer<typeof revenueTrendsResponse>;
export type CustomerBehaviorResponse = z.infer<typeof customerBehaviorResponse>;
export type ShippingPerformanceResponse = z.infer<typeof shippingPerformanceResponse>;
export type PeakTimesResponse = z.infer<typeof peakTimesResponse>;
export type DeliveryTimesResponse = z.infer<typeof deliveryTimesResponse>;
export type CountriesPeriod = CountriesResponse['period'];
export type PopularItemsPeriod = PopularItemsResponse['period'];
export type CustomerBehaviorPeriod = CustomerBehaviorResponse['period'];
export type ShippingPerformancePeriod = ShippingPerformanceResponse['period'];
