import { NO_CURRENCY, type CurrencyRevenue } from '@onvelope/contracts';
import type { Calendar } from './calendar.js';
import { totalsOf, within, type DayRange } from './periods.js';
import {
  createRollupBuilder,
  type AccountRollup,
  type DayBucket,
  type RollupFact,
} from './rollup.js';

/**
 * The panels counted once per currency: every one with money in it (issue 38 item 4: a seller's
 * dollars and pounds are never added together). The status shares and the delivery times have no
 * money and count every order.
 */
export const currencyPanels = [
  'countries',
  'countryTotals',
  'popularItems',
  'customerSegments',
  'topCustomers',
  'courierPerformance',
  'days',
] as const;
export type CurrencyPanel = (typeof currencyPanels)[number];
export type CurrencyRollup = Pick<AccountRollup, CurrencyPanel>;
export type SharedRollup = Omit<AccountRollup, CurrencyPanel>;

/** Where a currency's figures are kept: its ISO code, or `NO_CURRENCY` for orders without one. */
export const currencyKeyOf = (currency: string | null | undefined) => currency ?? NO_CURRENCY;
/** The currency a key stands for, as the answers carry it. */
export const currencyOfKey = (key: string) => (key === NO_CURRENCY ? null : key);

/** What a currency fact adds: a live fact and the currency its amounts are in. */
export type CurrencyFact = RollupFact & { currency: string | null };

/** Everything the calls read for one seller: the shared panels, and the money panels by currency. */
export interface CurrencyRollups {
  shared: SharedRollup;
  byCurrency: Record<string, CurrencyRollup>;
  /** The keys of `byCurrency`, the most orders first: the first is the currency shown by default. */
  currencyKeys: string[];
}

/**
 * Folds a seller's live facts into one rollup over every order (for the panels without money) and
 * one per currency (for the panels with money). Each fact is counted twice, once in each: the
 * rollup rules stay in one place (`createRollupBuilder`), at about twice the counting time of a
 * single rollup, which is a background refresh's.
 */
export function createCurrencyRollupsBuilder(calendar: Calendar, today: string) {
  const every = createRollupBuilder(calendar, today);
  const builders = new Map<
    string,
    { builder: ReturnType<typeof createRollupBuilder>; facts: number }
  >();

  function add(fact: CurrencyFact) {
    every.add(fact);
    const key = currencyKeyOf(fact.currency);
    const entry = builders.get(key) ?? { builder: createRollupBuilder(calendar, today), facts: 0 };
    entry.builder.add(fact);
    entry.facts += 1;
    builders.set(key, entry);
  }

  function result(): CurrencyRollups {
    const { deliverySuccess, deliveryTimes, recountOn } = every.result();
    const byCurrency: Record<string, CurrencyRollup> = {};
    for (const [key, { builder }] of builders) {
      const rollup = builder.result();
      byCurrency[key] = Object.fromEntries(
        currencyPanels.map((panel) => [panel, rollup[panel]]),
      ) as CurrencyRollup;
    }
    const currencyKeys = [...builders.entries()]
      .sort(([keyA, a], [keyB, b]) => b.facts - a.facts || keyA.localeCompare(keyB))
      .map(([key]) => key);
    return { shared: { deliverySuccess, deliveryTimes, recountOn }, byCurrency, currencyKeys };
  }

  return { add, result };
}

/** Each currency's orders and revenue over a range, in the order of `keys`. */
export function currencyRevenuesOf(
  keys: readonly string[],
  daysOf: (key: string) => readonly DayBucket[],
  range: DayRange,
): CurrencyRevenue[] {
  return keys.map((key) => {
    const { orderCount, revenue } = totalsOf(within(daysOf(key), range));
    return { currency: currencyOfKey(key), orderCount, revenue };
  });
}
