import {
  NO_CURRENCY,
  type CountryRow,
  type CourierRow,
  type CustomerSegment,
  type CustomerSegmentRow,
  type DeliveryStatusRow,
  type PopularItemRow,
  type TopCustomerRow,
} from '@onvelope/contracts';
import type { Calendar } from './calendar.js';
import { createCurrencyRollupsBuilder } from './currency-rollups.js';
import type { DeliveryFact, DeliveryTimesPanel } from './delivery-times.js';
import { currencyRollupOf } from './tally-rollups.js';

/** One line of an order as analytics counts it (unit price in the order's currency, when known). */
export interface FactItem {
  name: string;
  imageUrl: string | null;
  quantity: number;
  price: number | null;
}

/** What a rollup reads of a live fact. */
export interface RollupFact extends DeliveryFact {
  status: string;
  orderDate: Date | null;
  firstSeenAt: Date;
  shippingCountry: string | null;
  itemTotal: number | null;
  items: FactItem[];
  customerEmail: string | null;
  courier: string | null;
  shippedAt: Date | null;
}

/** One day's orders (in the analytics time zone), with their hours for the peak-times panel. */
export interface DayBucket {
  day: string;
  orderCount: number;
  revenue: number;
  /** Orders and revenue by hour of the day, 24 each. */
  hourOrders: number[];
  hourRevenue: number[];
  /**
   * What the all-time panels compare over a range: orders shipped to a country and those
   * countries, units sold, customers whose first order was this day, orders by a known customer,
   * and orders shipped this day (by their shipping date, not their order date).
   */
  countryOrders: number;
  countries: string[];
  units: number;
  newCustomers: number;
  customerOrders: number;
  shipped: number;
}

/** Everything the six calls read for one seller, computed from all of their facts. */
export interface AccountRollup {
  countries: CountryRow[];
  countryTotals: Omit<CountryRow, 'country'>;
  popularItems: PopularItemRow[];
  customerSegments: CustomerSegmentRow[];
  topCustomers: TopCustomerRow[];
  deliverySuccess: DeliveryStatusRow[];
  courierPerformance: CourierRow[];
  /** Days with orders, oldest first, from `KEPT_DAYS` days before the rollup. */
  days: DayBucket[];
  /** The carriers' delivery times over each range the screen offers (issue 33). */
  deliveryTimes: DeliveryTimesPanel;
  /**
   * The day (in the rollup's time zone) on which the delivery times change with no new fact, a
   * delivery leaving a range: the sweep recomputes the rollup then. Null when no day will.
   */
  recountOn: string | null;
}

/**
 * What a stored rollup holds: raised when a release adds figures, so the rollups stored before are
 * recomputed at start-up (see `dirtyAccounts`). 2 added the day figures the all-time panels compare,
 * 3 the delivery times, 4 kept the panels with money per currency (`currency-rollups.ts`).
 */
export const ROLLUP_FORMAT = 4;

type PeriodFigure =
  'countryOrders' | 'countries' | 'units' | 'newCustomers' | 'customerOrders' | 'shipped';

/**
 * A stored day with the figures of rollup format 2: a day stored by an earlier release lacks them
 * (its type says otherwise) until its rollup is recomputed, and counts them as zero.
 */
export const withPeriodFigures = (
  bucket: Omit<DayBucket, PeriodFigure> & Partial<Pick<DayBucket, PeriodFigure>>,
): DayBucket => ({
  countryOrders: 0,
  countries: [],
  units: 0,
  newCustomers: 0,
  customerOrders: 0,
  shipped: 0,
  ...bucket,
});

/** Two of the longest range: the range and the one before it, which it is compared with. */
export const KEPT_DAYS = 2 * 365;

/** Left out of every panel but the status shares: a cancelled order earned nothing. */
export const CANCELLED = 'cancelled';
export const SHIPPED_STATUSES = new Set(['shipped', 'partially_shipped', 'delivered']);

/** Customer segments by number of orders (svc-analytics README). */
export const segmentOf = (orderCount: number): CustomerSegment =>
  orderCount >= 4 ? 'loyal' : orderCount >= 2 ? 'returning' : 'new';

export const money = (value: number) => Math.round(value * 100) / 100;
/** A part of a whole in per cent, one decimal. */
export const share = (part: number, whole: number) =>
  whole ? Math.round((part / whole) * 1000) / 10 : 0;
/** Money per item, 0 when there are none. */
export const average = (total: number, count: number) => (count ? money(total / count) : 0);

/** An order's revenue: its item total, else what its priced lines add up to. */
export function revenueOf(fact: Pick<RollupFact, 'itemTotal' | 'items'>): number {
  if (fact.itemTotal !== null) return fact.itemTotal;
  return fact.items.reduce((total, item) => total + (item.price ?? 0) * item.quantity, 0);
}

/**
 * Each line's share of the order's revenue: its price times quantity; lines without a price share
 * what the priced lines leave of the revenue, by quantity.
 */
export function lineRevenuesOf(items: readonly FactItem[], revenue: number): number[] {
  const priced = items.reduce((total, item) => total + (item.price ?? 0) * item.quantity, 0);
  const unpricedUnits = items.reduce(
    (total, item) => total + (item.price === null ? item.quantity : 0),
    0,
  );
  const left = Math.max(0, revenue - priced);
  return items.map((item) =>
    item.price !== null
      ? item.price * item.quantity
      : unpricedUnits
        ? (left * item.quantity) / unpricedUnits
        : 0,
  );
}

/**
 * Folds a seller's live facts, one at a time, into the rollup of one currency's orders (the
 * builder of `currency-rollups.ts` for a seller of one currency). `today` is the day the rollup is
 * made, in the calendar's time zone.
 */
export function createRollupBuilder(calendar: Calendar, today: string) {
  const builder = createCurrencyRollupsBuilder(calendar, today);
  return {
    add: (fact: RollupFact) => builder.add({ ...fact, currency: null }),
    result(): AccountRollup {
      const { shared, byCurrency } = builder.result();
      return { ...shared, ...(byCurrency[NO_CURRENCY] ?? currencyRollupOf({}, [], today)) };
    },
  };
}
