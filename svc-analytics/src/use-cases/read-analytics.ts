import {
  DEFAULT_TIME_ZONE,
  type AnalyticsRange,
  type CountriesResponse,
  type CustomerBehaviorResponse,
  type DeliveryTimesResponse,
  type PeakTimesResponse,
  type PopularItemLimit,
  type PopularItemsResponse,
  type RevenueTrendsResponse,
  type ShippingPerformanceResponse,
} from '@onvelope/contracts';
import type { RollupModel, StoredRollup } from '../data/rollup.model.js';
import type { CalendarFor } from '../domain/calendar.js';
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
import { createDeliveryTimesBuilder } from '../domain/delivery-times.js';
import { createRollupBuilder, withPeriodFigures, type AccountRollup } from '../domain/rollup.js';

type Panel = Exclude<keyof AccountRollup, 'recountOn'>;

/**
 * The analytics calls, each reading only its panels and days of the seller's rollup (one document
 * by `_id`), in the time zone the rollup was counted in. A seller with no orders yet has the empty
 * rollup.
 */
export function analyticsReader({
  rollups,
  calendarFor,
}: {
  rollups: RollupModel;
  calendarFor: CalendarFor;
}) {
  /** The panels asked for and the days, the range of `days` days ending today, and the zone. */
  async function read<P extends Panel>(
    accountId: string,
    names: readonly P[],
    days: AnalyticsRange,
    now: Date,
  ): Promise<{ panels: Pick<AccountRollup, P | 'days'>; range: DayRange; timeZone: string }> {
    const wanted = [...names, 'days' as const];
    const stored = await rollups
      .findById(accountId)
      .select(Object.fromEntries([...wanted, 'timeZone'].map((name) => [name, 1])))
      .lean<StoredRollup>();
    const calendar = calendarFor(stored?.timeZone ?? DEFAULT_TIME_ZONE);
    const today = calendar.localTime(now).day;
    // Only a seller with no orders yet (or a panel not computed yet) needs the empty figures.
    let empty: AccountRollup | undefined;
    const panelOf = (name: P | 'days') => {
      const panel =
        stored?.[name] ?? (empty ??= createRollupBuilder(calendar, today).result())[name];
      return name === 'days' ? (panel as AccountRollup['days']).map(withPeriodFigures) : panel;
    };
    return {
      panels: Object.fromEntries(wanted.map((name) => [name, panelOf(name)])) as Pick<
        AccountRollup,
        P | 'days'
      >,
      range: rangeEndingOn(today, days),
      timeZone: calendar.timeZone,
    };
  }

  return {
    async countries(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<CountriesResponse> {
      const { panels, range, timeZone } = await read(
        accountId,
        ['countries', 'countryTotals'],
        days,
        now,
      );
      return {
        success: true,
        data: panels.countries,
        totals: panels.countryTotals,
        period: countriesPeriodOf(panels.days, range, timeZone),
      };
    },
    async popularItems(
      accountId: string,
      { limit, days }: { limit: PopularItemLimit; days: AnalyticsRange },
      now = new Date(),
    ): Promise<PopularItemsResponse> {
      const { panels, range, timeZone } = await read(accountId, ['popularItems'], days, now);
      return {
        success: true,
        data: panels.popularItems.slice(0, limit),
        period: popularItemsPeriodOf(panels.days, range, timeZone),
      };
    },
    async revenueTrends(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<RevenueTrendsResponse> {
      const { panels, range, timeZone } = await read(accountId, [], days, now);
      return { success: true, ...revenueTrendsOf(panels.days, range, timeZone) };
    },
    async customerBehavior(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<CustomerBehaviorResponse> {
      const { panels, range, timeZone } = await read(
        accountId,
        ['customerSegments', 'topCustomers'],
        days,
        now,
      );
      return {
        success: true,
        data: { customerSegments: panels.customerSegments, topCustomers: panels.topCustomers },
        period: customerBehaviorPeriodOf(panels.days, range, timeZone),
      };
    },
    async shippingPerformance(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<ShippingPerformanceResponse> {
      const { panels, range, timeZone } = await read(
        accountId,
        ['deliverySuccess', 'courierPerformance'],
        days,
        now,
      );
      return {
        success: true,
        data: {
          deliverySuccess: panels.deliverySuccess,
          courierPerformance: panels.courierPerformance,
        },
        period: shippingPerformancePeriodOf(panels.days, range, timeZone),
      };
    },
    async peakTimes(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<PeakTimesResponse> {
      const { panels, range, timeZone } = await read(accountId, [], days, now);
      return { success: true, ...peakTimesOf(panels.days, range, timeZone) };
    },
    /**
     * The delivery times of the range, which ends on the day the rollup counted them: the sweep
     * recounts a seller at the midnight a delivery leaves a range, so until it has, just after that
     * midnight, the answer's range says it is the day before's. Reads no days.
     */
    async deliveryTimes(
      accountId: string,
      days: AnalyticsRange,
      now = new Date(),
    ): Promise<DeliveryTimesResponse> {
      const stored = await rollups
        .findById(accountId)
        .select({ deliveryTimes: 1, timeZone: 1 })
        .lean<StoredRollup>();
      const calendar = calendarFor(stored?.timeZone ?? DEFAULT_TIME_ZONE);
      const panel =
        stored?.deliveryTimes ??
        createDeliveryTimesBuilder(calendar, calendar.localTime(now).day).result().panel;
      const { overall, byCarrier, byCountry } = panel.ranges.find((range) => range.days === days)!;
      return {
        success: true,
        data: { overall, byCarrier, byCountry },
        range: { ...rangeEndingOn(panel.asOf, days), timeZone: calendar.timeZone },
      };
    },
  };
}
export type AnalyticsReader = ReturnType<typeof analyticsReader>;
