import { NO_CURRENCY, type CurrencyRevenue } from '@onvelope/contracts';
import type { Calendar } from './calendar.js';
import { totalsOf, within, type DayRange } from './periods.js';
import type { AccountRollup, DayBucket, RollupFact } from './rollup.js';
import {
  addToTally,
  emptyTallyChanges,
  treeOf,
  type TallyChanges,
  type TallyTree,
} from './rollup-tally.js';
import { tallyRollups, type CustomerTally } from './tally-rollups.js';

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
 * Folds a seller's live facts into a tally in memory (`rollup-tally.ts`), then reads the rollups
 * from it as from a stored one: the rules of every figure stay in `addToTally` and `tallyRollups`.
 */
export function createCurrencyRollupsBuilder(calendar: Calendar, today: string) {
  const changes = emptyTallyChanges();
  return {
    add(fact: CurrencyFact) {
      addToTally(changes, { ...fact, currencyKey: currencyKeyOf(fact.currency) }, 1, calendar);
    },
    result: (): CurrencyRollups => tallyRollups(...talliesOf(changes), calendar, today),
  };
}

/** The trees of a tally counted in memory, as `tallyRollups` reads them from the database. */
const talliesOf = (changes: TallyChanges): [TallyTree, CustomerTally[]] => [
  treeOf(changes.seller),
  [...changes.customers.values()].map(({ currency, email, paths }) => ({
    currency,
    email,
    tree: treeOf(paths),
  })),
];

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
