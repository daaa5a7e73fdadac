import type {
  CountriesPeriod,
  CustomerBehaviorPeriod,
  PeakTimesResponse,
  PeriodTotals,
  PopularItemsPeriod,
  RevenueTrendsResponse,
  ShippingPerformancePeriod,
} from '@onvelope/contracts';
import { addDays, weekdayNames, weekdayOf } from './calendar.js';
import { average, money, type DayBucket } from './rollup.js';

/**
 * A range of `days` days ending today, today included: a period boundary is midnight in the
 * analytics time zone.
 */
export interface DayRange {
  from: string;
  to: string;
}

export const rangeEndingOn = (today: string, days: number): DayRange => ({
  from: addDays(today, -(days - 1)),
  to: today,
});

/** The range of the same length just before this one. */
export const previousRange = ({ from, to }: DayRange): DayRange => {
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
};

export const within = (buckets: readonly DayBucket[], { from, to }: DayRange) =>
  buckets.filter((bucket) => bucket.day >= from && bucket.day <= to);

export function totalsOf(buckets: readonly DayBucket[]): PeriodTotals {
  const revenue = buckets.reduce((total, bucket) => total + bucket.revenue, 0);
  const orderCount = buckets.reduce((total, bucket) => total + bucket.orderCount, 0);
  return {
    revenue: money(revenue),
    orderCount,
    avgOrderValue: average(revenue, orderCount),
    daysWithData: buckets.filter((bucket) => bucket.orderCount > 0).length,
  };
}

type Ranged = Pick<RevenueTrendsResponse, 'range' | 'totals' | 'previous'>;

function rangedTotals(
  buckets: readonly DayBucket[],
  range: DayRange,
  timeZone: string,
): { inRange: DayBucket[]; ranged: Ranged } {
  const inRange = within(buckets, range);
  return {
    inRange,
    ranged: {
      range: { ...range, timeZone },
      totals: totalsOf(inRange),
      previous: totalsOf(within(buckets, previousRange(range))),
    },
  };
}

/** Revenue by day over the range, with its totals and the previous range's. */
export function revenueTrendsOf(
  buckets: readonly DayBucket[],
  range: DayRange,
  timeZone: string,
): Omit<RevenueTrendsResponse, 'success' | 'currency' | 'currencies'> {
  const { inRange, ranged } = rangedTotals(buckets, range, timeZone);
  return {
    data: inRange
      .filter((bucket) => bucket.orderCount > 0)
      .map((bucket) => ({
        period: bucket.day,
        revenue: bucket.revenue,
        orderCount: bucket.orderCount,
        avgOrderValue: average(bucket.revenue, bucket.orderCount),
      })),
    ...ranged,
  };
}

/** Orders by hour of the day and by weekday over the range. */
export function peakTimesOf(
  buckets: readonly DayBucket[],
  range: DayRange,
  timeZone: string,
): Omit<PeakTimesResponse, 'success' | 'currency' | 'currencies'> {
  const { inRange, ranged } = rangedTotals(buckets, range, timeZone);
  const hours = Array.from({ length: 24 }, () => ({ orderCount: 0, revenue: 0 }));
  const weekdays = Array.from({ length: 7 }, () => ({ orderCount: 0, revenue: 0 }));
  for (const bucket of inRange) {
    const weekday = weekdays[weekdayOf(bucket.day)]!;
    weekday.orderCount += bucket.orderCount;
    weekday.revenue += bucket.revenue;
    bucket.hourOrders.forEach((orderCount, hour) => {
      hours[hour]!.orderCount += orderCount;
      hours[hour]!.revenue += bucket.hourRevenue[hour]!;
    });
  }
  return {
    data: {
      hourlyPattern: hours.map(({ orderCount, revenue }, hour) => ({
        hour,
        orderCount,
        avgOrderValue: average(revenue, orderCount),
      })),
      weeklyPattern: weekdays.map(({ orderCount, revenue }, dayOfWeek) => ({
        dayOfWeek,
        dayName: weekdayNames[dayOfWeek]!,
        orderCount,
        avgOrderValue: average(revenue, orderCount),
      })),
    },
    ...ranged,
  };
}

const sum = (buckets: readonly DayBucket[], figure: (bucket: DayBucket) => number) =>
  buckets.reduce((total, bucket) => total + figure(bucket), 0);

/** A panel's figures over the range and over the range of the same length before it. */
function periodOf<Figures>(
  buckets: readonly DayBucket[],
  range: DayRange,
  timeZone: string,
  figuresOf: (days: readonly DayBucket[]) => Figures,
) {
  return {
    range: { ...range, timeZone },
    current: figuresOf(within(buckets, range)),
    previous: figuresOf(within(buckets, previousRange(range))),
  };
}

type PeriodOf<Period> = (
  buckets: readonly DayBucket[],
  range: DayRange,
  timeZone: string,
) => Period;

export const countriesPeriodOf: PeriodOf<CountriesPeriod> = (buckets, range, timeZone) =>
  periodOf(buckets, range, timeZone, (days) => ({
    orderCount: sum(days, (day) => day.countryOrders),
    countryCount: new Set(days.flatMap((day) => day.countries)).size,
  }));

export const popularItemsPeriodOf: PeriodOf<PopularItemsPeriod> = (buckets, range, timeZone) =>
  periodOf(buckets, range, timeZone, (days) => ({ unitsSold: sum(days, (day) => day.units) }));

/**
 * A known customer's orders in the range are the first orders of its new customers and repeat
 * orders; each new customer has exactly one first order.
 */
export const customerBehaviorPeriodOf: PeriodOf<CustomerBehaviorPeriod> = (
  buckets,
  range,
  timeZone,
) =>
  periodOf(buckets, range, timeZone, (days) => {
    const newCustomers = sum(days, (day) => day.newCustomers);
    return { newCustomers, repeatOrders: sum(days, (day) => day.customerOrders) - newCustomers };
  });

export const shippingPerformancePeriodOf: PeriodOf<ShippingPerformancePeriod> = (
  buckets,
  range,
  timeZone,
) => periodOf(buckets, range, timeZone, (days) => ({ shipped: sum(days, (day) => day.shipped) }));
