import {
  analyticsPanelLimits,
  popularItemLimits,
  type CountryRow,
  type CourierRow,
  type CustomerSegment,
  type CustomerSegmentRow,
  type DeliveryStatusRow,
  type PopularItemRow,
  type TopCustomerRow,
} from '@onvelope/contracts';
import { addDays, type Calendar } from './calendar.js';
import {
  createDeliveryTimesBuilder,
  type DeliveryFact,
  type DeliveryTimesPanel,
} from './delivery-times.js';

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
const CANCELLED = 'cancelled';
const SHIPPED_STATUSES = new Set(['shipped', 'partially_shipped', 'delivered']);

/** Customer segments by number of orders (svc-analytics README). */
export const segmentOf = (orderCount: number): CustomerSegment =>
  orderCount >= 4 ? 'loyal' : orderCount >= 2 ? 'returning' : 'new';

export const money = (value: number) => Math.round(value * 100) / 100;
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
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

const byCountThenName =
  <T>(count: (row: T) => number, name: (row: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || name(a).localeCompare(name(b));

interface Tally {
  orderCount: number;
  revenue: number;
}

/**
 * Folds a seller's live facts, one at a time (they are streamed from the database), into their
 * rollup. `today` is the day the rollup is made, in the calendar's time zone.
 */
export function createRollupBuilder(calendar: Calendar, today: string) {
  const firstKeptDay = addDays(today, -KEPT_DAYS);
  const countries = new Map<string, Tally & { customers: Set<string> }>();
  const items = new Map<string, Tally & { name: string; imageUrl: string | null; units: number }>();
  const customers = new Map<string, Tally & { firstOrderDate: Date | null; firstDay: string }>();
  const statuses = new Map<string, number>();
  const couriers = new Map<string, Tally & { name: string }>();
  const days = new Map<string, DayBucket>();
  const deliveries = createDeliveryTimesBuilder(calendar, today);
  const all: Tally & { customers: Set<string> } = {
    orderCount: 0,
    revenue: 0,
    customers: new Set(),
  };
  let liveOrders = 0;

  /** The day's bucket, or undefined for a day outside the kept ones. */
  function bucketOn(day: string): DayBucket | undefined {
    if (day < firstKeptDay || day > today) return undefined;
    let bucket = days.get(day);
    if (!bucket) {
      bucket = {
        day,
        orderCount: 0,
        revenue: 0,
        hourOrders: new Array<number>(24).fill(0),
        hourRevenue: new Array<number>(24).fill(0),
        countryOrders: 0,
        countries: [],
        units: 0,
        newCustomers: 0,
        customerOrders: 0,
        shipped: 0,
      };
      days.set(day, bucket);
    }
    return bucket;
  }

  function add(fact: RollupFact) {
    liveOrders += 1;
    statuses.set(fact.status, (statuses.get(fact.status) ?? 0) + 1);
    if (fact.status === CANCELLED) return;
    deliveries.add(fact);
    const revenue = revenueOf(fact);
    const email = fact.customerEmail?.trim().toLowerCase() || null;
    const { day, hour } = calendar.localTime(fact.orderDate ?? fact.firstSeenAt);

    const code = fact.shippingCountry?.trim().toUpperCase();
    if (code) {
      const country = countries.get(code) ?? { orderCount: 0, revenue: 0, customers: new Set() };
      country.orderCount += 1;
      country.revenue += revenue;
      if (email) country.customers.add(email);
      countries.set(code, country);
      all.orderCount += 1;
      all.revenue += revenue;
      if (email) all.customers.add(email);
    }

    const lineRevenues = lineRevenuesOf(fact.items, revenue);
    const inThisOrder = new Set<string>();
    fact.items.forEach((line, index) => {
      const key = line.name.trim().toLowerCase();
      const item = items.get(key) ?? {
        name: line.name.trim(),
        imageUrl: null,
        units: 0,
        orderCount: 0,
        revenue: 0,
      };
      item.imageUrl ??= line.imageUrl;
      item.units += line.quantity;
      item.revenue += lineRevenues[index]!;
      if (!inThisOrder.has(key)) item.orderCount += 1;
      inThisOrder.add(key);
      items.set(key, item);
    });

    if (email) {
      const customer = customers.get(email) ?? {
        orderCount: 0,
        revenue: 0,
        firstOrderDate: null,
        firstDay: day,
      };
      if (day < customer.firstDay) customer.firstDay = day;
      customer.orderCount += 1;
      customer.revenue += revenue;
      if (
        fact.orderDate &&
        (!customer.firstOrderDate || fact.orderDate < customer.firstOrderDate)
      ) {
        customer.firstOrderDate = fact.orderDate;
      }
      customers.set(email, customer);
    }

    const courierName = fact.courier?.trim();
    if (courierName && SHIPPED_STATUSES.has(fact.status)) {
      const key = courierName.toLowerCase();
      const courier = couriers.get(key) ?? { name: courierName, orderCount: 0, revenue: 0 };
      courier.orderCount += 1;
      courier.revenue += revenue;
      couriers.set(key, courier);
    }

    const bucket = bucketOn(day);
    if (bucket) {
      bucket.orderCount += 1;
      bucket.revenue += revenue;
      bucket.hourOrders[hour]! += 1;
      bucket.hourRevenue[hour]! += revenue;
      bucket.units += fact.items.reduce((units, line) => units + line.quantity, 0);
      if (code) {
        bucket.countryOrders += 1;
        if (!bucket.countries.includes(code)) bucket.countries.push(code);
      }
      if (email) bucket.customerOrders += 1;
    }
    if (fact.shippedAt && SHIPPED_STATUSES.has(fact.status)) {
      const shippedOn = bucketOn(calendar.localTime(fact.shippedAt).day);
      if (shippedOn) shippedOn.shipped += 1;
    }
  }

  function result(): AccountRollup {
    const customerList = [...customers.entries()];
    const newCustomersByDay = new Map<string, number>();
    for (const [, { firstDay }] of customerList) {
      newCustomersByDay.set(firstDay, (newCustomersByDay.get(firstDay) ?? 0) + 1);
    }
    const segments = new Map<CustomerSegment, Tally & { customers: number }>();
    for (const [, customer] of customerList) {
      const segment = segmentOf(customer.orderCount);
      const tally = segments.get(segment) ?? { customers: 0, orderCount: 0, revenue: 0 };
      tally.customers += 1;
      tally.orderCount += customer.orderCount;
      tally.revenue += customer.revenue;
      segments.set(segment, tally);
    }
    const { panel: deliveryTimes, recountOn } = deliveries.result();
    return {
      countries: [...countries.entries()]
        .map(([country, tally]) => ({
          country,
          orderCount: tally.orderCount,
          uniqueCustomers: tally.customers.size,
          avgOrderValue: average(tally.revenue, tally.orderCount),
          totalRevenue: money(tally.revenue),
        }))
        .sort(
          byCountThenName(
            (row) => row.orderCount,
            (row) => row.country,
          ),
        ),
      countryTotals: {
        orderCount: all.orderCount,
        uniqueCustomers: all.customers.size,
        avgOrderValue: average(all.revenue, all.orderCount),
        totalRevenue: money(all.revenue),
      },
      popularItems: [...items.values()]
        .sort(
          (a, b) =>
            b.units - a.units || b.revenue - a.revenue || a.name.localeCompare(b.name, 'en-GB'),
        )
        .slice(0, Math.max(...popularItemLimits))
        .map((item) => ({
          productName: item.name,
          productImageUrl: item.imageUrl,
          totalQuantitySold: item.units,
          orderCount: item.orderCount,
          totalRevenue: money(item.revenue),
        })),
      customerSegments: (['new', 'returning', 'loyal'] as const).map((customerType) => {
        const tally = segments.get(customerType) ?? { customers: 0, orderCount: 0, revenue: 0 };
        return {
          customerType,
          customerCount: tally.customers,
          percentage: share(tally.customers, customers.size),
          avgOrdersPerCustomer: tally.customers
            ? Math.round((tally.orderCount / tally.customers) * 100) / 100
            : 0,
          avgSpentPerCustomer: average(tally.revenue, tally.customers),
        };
      }),
      topCustomers: customerList
        .sort(
          ([emailA, a], [emailB, b]) =>
            b.revenue - a.revenue || b.orderCount - a.orderCount || emailA.localeCompare(emailB),
        )
        .slice(0, analyticsPanelLimits.topCustomers)
        .map(([email, customer]) => ({
          email,
          orderCount: customer.orderCount,
          firstOrderDate: customer.firstOrderDate?.toISOString() ?? null,
          lifetimeValue: money(customer.revenue),
          avgOrderValue: average(customer.revenue, customer.orderCount),
        })),
      deliverySuccess: [...statuses.entries()]
        .map(([status, orderCount]) => ({
          status,
          orderCount,
          percentage: share(orderCount, liveOrders),
        }))
        .sort(
          byCountThenName(
            (row) => row.orderCount,
            (row) => row.status,
          ),
        ),
      courierPerformance: [...couriers.values()]
        .sort(
          byCountThenName(
            (row) => row.orderCount,
            (row) => row.name,
          ),
        )
        .slice(0, analyticsPanelLimits.topCouriers)
        .map((courier) => ({
          courier: courier.name,
          ordersShipped: courier.orderCount,
          avgOrderValue: average(courier.revenue, courier.orderCount),
        })),
      days: [...days.values()]
        .sort((a, b) => (a.day < b.day ? -1 : 1))
        .map((bucket) => ({
          ...bucket,
          newCustomers: newCustomersByDay.get(bucket.day) ?? 0,
          revenue: money(bucket.revenue),
          hourRevenue: bucket.hourRevenue.map(money),
        })),
      deliveryTimes,
      recountOn,
    };
  }

  return { add, result };
}
