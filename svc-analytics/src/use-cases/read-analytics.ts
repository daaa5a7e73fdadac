import {
  DEFAULT_TIME_ZONE,
  NO_CURRENCY,
  type AnalyticsRange,
  type CurrencyRevenue,
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
import {
  currencyKeyOf,
  currencyOfKey,
  currencyRevenuesOf,
  type CurrencyPanel,
  type CurrencyRollup,
  type SharedRollup,
} from '../domain/currency-rollups.js';
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

/** A call's range, and the currency of its money (absent: the seller's main currency). */
interface MoneyQuery {
  days: AnalyticsRange;
  currency?: string | null;
}

/** A money panel the calls read (the days are always read). */
type MoneyPanel = Exclude<CurrencyPanel, 'days'>;

/** What `read` answers: the panels in one currency, the range, the zone and the money fields. */
interface Read<P extends MoneyPanel> {
  panels: Pick<CurrencyRollup, P | 'days'>;
  stored: StoredRollup | null;
  range: DayRange;
  timeZone: string;
  money: { currency: string | null; currencies: CurrencyRevenue[] };
}

/**
 * The analytics calls, each reading only its panels and days of the seller's rollup (one document
 * by `_id`, read twice: which currencies it has, then the panels of the one asked for and every
 * currency's days), in the time zone the rollup was counted in. A seller with no orders yet has the
 * empty rollup.
 */
export function analyticsReader({
  rollups,
  calendarFor,
}: {
  rollups: RollupModel;
  calendarFor: CalendarFor;
}) {
  /**
   * The money panels asked for and the days, in `currency` (absent: the seller's currency with the
   * most orders), the range of `days` days ending today, and each currency's revenue over it.
   */
  async function read<P extends MoneyPanel>(
    accountId: string,
    names: readonly P[],
    { days, currency }: { days: AnalyticsRange; currency?: string | null },
    now: Date,
    shared: readonly (keyof SharedRollup)[] = [],
  ): Promise<Read<P>> {
    const head = await rollups
      .findById(accountId)
      .select(Object.fromEntries(['currencyKeys', 'timeZone', ...shared].map((name) => [name, 1])))
      .lean<StoredRollup>();
    const keys = head?.currencyKeys ?? [];
    const key = currency === undefined ? (keys[0] ?? NO_CURRENCY) : currencyKeyOf(currency);
    const wanted = [...names, 'days' as const];
    const body = await rollups
      .findById(accountId)
      .select({
        ...Object.fromEntries(wanted.map((name) => [`byCurrency.${key}.${name}`, 1])),
        ...Object.fromEntries(keys.map((other) => [`byCurrency.${other}.days`, 1])),
      })
      .lean<StoredRollup>();
    const calendar = calendarFor(head?.timeZone ?? DEFAULT_TIME_ZONE);
    const today = calendar.localTime(now).day;
    const range = rangeEndingOn(today, days);
    const daysOf = (other: string) =>
      (body?.byCurrency?.[other]?.days ?? []).map(withPeriodFigures);
    // Only a seller with no orders in the currency yet (or a panel not computed yet) needs the
    // empty figures.
    let empty: AccountRollup | undefined;
    const panelOf = (name: P | 'days') =>
      name === 'days'
        ? daysOf(key)
        : (body?.byCurrency?.[key]?.[name] ??
          (empty ??= createRollupBuilder(calendar, today).result())[name]);
    return {
      panels: Object.fromEntries(wanted.map((name) => [name, panelOf(name)])) as Pick<
        CurrencyRollup,
        P | 'days'
      >,
      stored: head,
      range,
      timeZone: calendar.timeZone,
      money: { currency: currencyOfKey(key), currencies: currencyRevenuesOf(keys, daysOf, range) },
    };
  }

  return {
    async countries(
      accountId: string,
      query: MoneyQuery,
      now = new Date(),
    ): Promise<CountriesResponse> {
      const { panels, range, timeZone, money } = await read(
        accountId,
        ['countries', 'countryTotals'],
        query,
        now,
      );
      return {
        success: true,
        ...money,
        data: panels.countries,
        totals: panels.countryTotals,
        period: countriesPeriodOf(panels.days, range, timeZone),
      };
    },
    async popularItems(
      accountId: string,
      { limit, ...query }: MoneyQuery & { limit: PopularItemLimit },
      now = new Date(),
    ): Promise<PopularItemsResponse> {
      const { panels, range, timeZone, money } = await read(
        accountId,
        ['popularItems'],
        query,
        now,
      );
      return {
        success: true,
        ...money,
        data: panels.popularItems.slice(0, limit),
        period: popularItemsPeriodOf(panels.days, range, timeZone),
      };
    },
    async revenueTrends(
      accountId: string,
      query: MoneyQuery,
      now = new Date(),
    ): Promise<RevenueTrendsResponse> {
      const { panels, range, timeZone, money } = await read(accountId, [], query, now);
      return { success: true, ...money, ...revenueTrendsOf(panels.days, range, timeZone) };
    },
    async customerBehavior(
      accountId: string,
      query: MoneyQuery,
      now = new Date(),
    ): Promise<CustomerBehaviorResponse> {
      const { panels, range, timeZone, money } = await read(
        accountId,
        ['customerSegments', 'topCustomers'],
        query,
        now,
      );
      return {
        success: true,
        ...money,
        data: { customerSegments: panels.customerSegments, topCustomers: panels.topCustomers },
        period: customerBehaviorPeriodOf(panels.days, range, timeZone),
      };
    },
    async shippingPerformance(
      accountId: string,
      query: MoneyQuery,
      now = new Date(),
    ): Promise<ShippingPerformanceResponse> {
      // The status shares count every order, whatever its currency; the couriers' order values
      // are in the currency asked for.
      const { panels, stored, range, timeZone, money } = await read(
        accountId,
        ['courierPerformance'],
        query,
        now,
        ['deliverySuccess'],
      );
      return {
        success: true,
        ...money,
        data: {
          deliverySuccess: stored?.deliverySuccess ?? [],
          courierPerformance: panels.courierPerformance,
        },
        period: shippingPerformancePeriodOf(panels.days, range, timeZone),
      };
    },
    async peakTimes(
      accountId: string,
      query: MoneyQuery,
      now = new Date(),
    ): Promise<PeakTimesResponse> {
      const { panels, range, timeZone, money } = await read(accountId, [], query, now);
      return { success: true, ...money, ...peakTimesOf(panels.days, range, timeZone) };
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
