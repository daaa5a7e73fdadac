import type {
  AnalyticsRange,
  CountriesResponse,
  CustomerBehaviorResponse,
  PeakTimesResponse,
  PopularItemLimit,
  PopularItemsResponse,
  RevenueTrendsResponse,
  ShippingPerformanceResponse,
} from '@onvelope/contracts';
import type { RollupModel, StoredRollup } from '../data/rollup.model.js';
import type { Calendar } from '../domain/calendar.js';
import {
  countriesPeriodOf,
  customerBehaviorPeriodOf,
  peakTimesOf,
  popularItemsPeriodOf,
  rangeEndingOn,
  revenueTrendsOf,
  shippingPerformancePeriodOf,
  type DayRange,
} from '../domain/periods.js';
import { createRollupBuilder, withPeriodFigures, type AccountRollup } from '../domain/rollup.js';

type Panel = keyof AccountRollup;

/**
 * The six analytics calls, each reading only its panels of the seller's rollup (one document by
 * `_id`). A seller with no orders yet has the empty rollup.
 */
export function analyticsReader({
  rollups,
  calendar,
}: {
  rollups: RollupModel;
  calendar: Calendar;
}) {
  const todayOf = (now: Date) => calendar.localTime(now).day;

  async function panels<P extends Panel>(
    accountId: string,
    names: readonly P[],
    now: Date,
  ): Promise<Pick<AccountRollup, P>> {
    const stored = await rollups
      .findById(accountId)
      .select(Object.fromEntries(names.map((name) => [name, 1])))
      .lean<StoredRollup>();
    // Only a seller with no orders yet (or a panel not computed yet) needs the empty figures.
    let empty: AccountRollup | undefined;
    const emptyPanel = (name: P) =>
      (empty ??= createRollupBuilder(calendar, todayOf(now)).result())[name];
    const read = (name: P) => {
      const panel = stored?.[name] ?? emptyPanel(name);
      return name === 'days' ? (panel as AccountRollup['days']).map(withPeriodFigures) : panel;
    };
    return Object.fromEntries(names.map((name) => [name, read(name)])) as Pick<AccountRollup, P>;
  }

  /** A call's panels with the days of its range and of the range before it. */
  async function panelsOverRange<P extends Panel>(
    accountId: string,
    names: readonly P[],
    days: AnalyticsRange,
    now: Date,
  ): Promise<{ read: Pick<AccountRollup, P | 'days'>; range: DayRange }> {
    const read = await panels(accountId, [...names, 'days'], now);
    return { read, range: rangeEndingOn(todayOf(now), days) };
  }

  return {
    async countries(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<CountriesResponse> {
      const { read, range } = await panelsOverRange(
        accountId,
        ['countries', 'countryTotals'],
        days,
        now,
      );
      return {
        success: true,
        data: read.countries,
        totals: read.countryTotals,
        period: countriesPeriodOf(read.days, range, calendar.timeZone),
      };
    },
    async popularItems(
      accountId: string,
      { limit, days }: { limit: PopularItemLimit; days: AnalyticsRange },
      now = new Date(),
    ): Promise<PopularItemsResponse> {
      const { read, range } = await panelsOverRange(accountId, ['popularItems'], days, now);
      return {
        success: true,
        data: read.popularItems.slice(0, limit),
        period: popularItemsPeriodOf(read.days, range, calendar.timeZone),
      };
    },
    async revenueTrends(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<RevenueTrendsResponse> {
      const { days: buckets } = await panels(accountId, ['days'], now);
      const range = rangeEndingOn(todayOf(now), days);
      return { success: true, ...revenueTrendsOf(buckets, range, calendar.timeZone) };
    },
    async customerBehavior(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<CustomerBehaviorResponse> {
      const {
        read: { customerSegments, topCustomers, days: buckets },
        range,
      } = await panelsOverRange(accountId, ['customerSegments', 'topCustomers'], days, now);
      return {
        success: true,
        data: { customerSegments, topCustomers },
        period: customerBehaviorPeriodOf(buckets, range, calendar.timeZone),
      };
    },
    async shippingPerformance(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<ShippingPerformanceResponse> {
      const {
        read: { deliverySuccess, courierPerformance, days: buckets },
        range,
      } = await panelsOverRange(accountId, ['deliverySuccess', 'courierPerformance'], days, now);
      return {
        success: true,
        data: { deliverySuccess, courierPerformance },
        period: shippingPerformancePeriodOf(buckets, range, calendar.timeZone),
      };
    },
    async peakTimes(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<PeakTimesResponse> {
      const { days: buckets } = await panels(accountId, ['days'], now);
      const range = rangeEndingOn(todayOf(now), days);
      return { success: true, ...peakTimesOf(buckets, range, calendar.timeZone) };
    },
  };
}
export type AnalyticsReader = ReturnType<typeof analyticsReader>;
