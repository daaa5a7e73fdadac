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
import { peakTimesOf, rangeEndingOn, revenueTrendsOf } from '../domain/periods.js';
import { createRollupBuilder, type AccountRollup } from '../domain/rollup.js';

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
    return Object.fromEntries(
      names.map((name) => [name, stored?.[name] ?? emptyPanel(name)]),
    ) as Pick<AccountRollup, P>;
  }

  return {
    async countries(accountId: string, now = new Date()): Promise<CountriesResponse> {
      const { countries, countryTotals } = await panels(
        accountId,
        ['countries', 'countryTotals'],
        now,
      );
      return { success: true, data: countries, totals: countryTotals };
    },
    async popularItems(
      accountId: string,
      limit: PopularItemLimit,
      now = new Date(),
    ): Promise<PopularItemsResponse> {
      const { popularItems } = await panels(accountId, ['popularItems'], now);
      return { success: true, data: popularItems.slice(0, limit) };
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
    async customerBehavior(accountId: string, now = new Date()): Promise<CustomerBehaviorResponse> {
      const data = await panels(accountId, ['customerSegments', 'topCustomers'], now);
      return { success: true, data };
    },
    async shippingPerformance(
      accountId: string,
      now = new Date(),
    ): Promise<ShippingPerformanceResponse> {
      const data = await panels(accountId, ['deliverySuccess', 'courierPerformance'], now);
      return { success: true, data };
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
