import { analyticsPanelLimits, popularItemLimits, type CustomerSegment } from '@onvelope/contracts';
import { addDays, type Calendar } from './calendar.js';
import type { CurrencyRollup, CurrencyRollups } from './currency-rollups.js';
import { createDeliveryTimesBuilder } from './delivery-times.js';
import { KEPT_DAYS, average, money, segmentOf, share, type DayBucket } from './rollup.js';
import { amountOf, keyOf, valueOf, type TallyTree } from './rollup-tally.js';

/** One customer's tally in one currency (see `rollup-tally.ts`). */
export interface CustomerTally {
  currency: string;
  email: string;
  tree: TallyTree;
}

const byCountThenName =
  <T>(count: (row: T) => number, name: (row: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || name(a).localeCompare(name(b));

const nodeOf = (tree: TallyTree | undefined, key: string): TallyTree =>
  (tree?.[key] as TallyTree | undefined) ?? {};
const numberOf = (tree: TallyTree | undefined, key: string): number =>
  (tree?.[key] as number | undefined) ?? 0;
/** The entries of a node, keys decoded; leaves that came back to zero are left out. */
function entriesOf(tree: TallyTree | undefined): [string, TallyTree][] {
  return Object.entries(tree ?? {}).map(([key, node]) => [valueOf(key), node as TallyTree]);
}
function countsOf(tree: TallyTree | undefined): [string, number][] {
  return Object.entries(tree ?? {})
    .filter(([, count]) => (count as number) > 0)
    .map(([key, count]) => [valueOf(key), count as number]);
}

/**
 * How a name counted in several spellings is shown (a courier, an item, an item's image): the one
 * on the most orders, then the first in code-unit order, so every replica and every recount shows
 * the same whatever order the facts came in.
 */
function spellingOf(spellings: TallyTree | undefined): string | null {
  let best: [string, number] | null = null;
  for (const entry of countsOf(spellings)) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  }
  return best?.[0] ?? null;
}

/** The earliest key counted above zero, or null. */
function earliestOf(tree: TallyTree | undefined, compare: (a: string, b: string) => number) {
  const keys = countsOf(tree).map(([key]) => key);
  return keys.length ? keys.sort(compare)[0]! : null;
}

interface Customer {
  email: string;
  orderCount: number;
  revenue: number;
  firstOrderDate: Date | null;
  firstDay: string;
  countries: string[];
}

function customerOf({ email, tree }: CustomerTally): Customer | null {
  const orderCount = numberOf(tree, 'o');
  if (orderCount <= 0) return null;
  const firstOrderMs = earliestOf(nodeOf(tree, 't'), (a, b) => Number(a) - Number(b));
  return {
    email,
    orderCount,
    revenue: amountOf(numberOf(tree, 'r')),
    firstOrderDate: firstOrderMs === null ? null : new Date(Number(firstOrderMs)),
    firstDay: earliestOf(nodeOf(tree, 'd'), (a, b) => (a < b ? -1 : 1))!,
    countries: countsOf(nodeOf(tree, 'c')).map(([code]) => code),
  };
}

/** The money panels of one currency from its tally and its customers' tallies. */
export function currencyRollupOf(
  scope: TallyTree,
  customerTallies: readonly CustomerTally[],
  today: string,
): CurrencyRollup {
  const customers = customerTallies.flatMap((tally) => customerOf(tally) ?? []);
  const customersIn = new Map<string, number>();
  let customersWithCountry = 0;
  const newCustomersByDay = new Map<string, number>();
  const segments = new Map<
    CustomerSegment,
    { customers: number; orderCount: number; revenue: number }
  >();
  for (const customer of customers) {
    for (const code of customer.countries) customersIn.set(code, (customersIn.get(code) ?? 0) + 1);
    if (customer.countries.length) customersWithCountry += 1;
    newCustomersByDay.set(customer.firstDay, (newCustomersByDay.get(customer.firstDay) ?? 0) + 1);
    const segment = segmentOf(customer.orderCount);
    const tally = segments.get(segment) ?? { customers: 0, orderCount: 0, revenue: 0 };
    tally.customers += 1;
    tally.orderCount += customer.orderCount;
    tally.revenue += customer.revenue;
    segments.set(segment, tally);
  }

  const totals = nodeOf(scope, 'tt');
  const totalRevenue = amountOf(numberOf(totals, 'r'));
  const firstKeptDay = addDays(today, -KEPT_DAYS);
  return {
    countries: entriesOf(nodeOf(scope, 'co'))
      .filter(([, tally]) => numberOf(tally, 'o') > 0)
      .map(([country, tally]) => {
        const orderCount = numberOf(tally, 'o');
        const revenue = amountOf(numberOf(tally, 'r'));
        return {
          country,
          orderCount,
          uniqueCustomers: customersIn.get(country) ?? 0,
          avgOrderValue: average(revenue, orderCount),
          totalRevenue: money(revenue),
        };
      })
      .sort(
        byCountThenName(
          (row) => row.orderCount,
          (row) => row.country,
        ),
      ),
    countryTotals: {
      orderCount: numberOf(totals, 'o'),
      uniqueCustomers: customersWithCountry,
      avgOrderValue: average(totalRevenue, numberOf(totals, 'o')),
      totalRevenue: money(totalRevenue),
    },
    popularItems: entriesOf(nodeOf(scope, 'it'))
      .filter(([, tally]) => numberOf(tally, 'o') > 0)
      .map(([, tally]) => ({
        name: spellingOf(nodeOf(tally, 'n'))!,
        imageUrl: spellingOf(nodeOf(tally, 'i')),
        units: numberOf(tally, 'u'),
        orderCount: numberOf(tally, 'o'),
        revenue: amountOf(numberOf(tally, 'r')),
      }))
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
        percentage: share(tally.customers, customers.length),
        avgOrdersPerCustomer: tally.customers
          ? Math.round((tally.orderCount / tally.customers) * 100) / 100
          : 0,
        avgSpentPerCustomer: average(tally.revenue, tally.customers),
      };
    }),
    topCustomers: customers
      .sort(
        (a, b) =>
          b.revenue - a.revenue || b.orderCount - a.orderCount || a.email.localeCompare(b.email),
      )
      .slice(0, analyticsPanelLimits.topCustomers)
      .map((customer) => ({
        email: customer.email,
        orderCount: customer.orderCount,
        firstOrderDate: customer.firstOrderDate?.toISOString() ?? null,
        lifetimeValue: money(customer.revenue),
        avgOrderValue: average(customer.revenue, customer.orderCount),
      })),
    courierPerformance: entriesOf(nodeOf(scope, 'cr'))
      .filter(([, tally]) => numberOf(tally, 'o') > 0)
      .map(([, tally]) => ({
        name: spellingOf(nodeOf(tally, 'n'))!,
        orderCount: numberOf(tally, 'o'),
        revenue: amountOf(numberOf(tally, 'r')),
      }))
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
    days: entriesOf(nodeOf(scope, 'dy'))
      .filter(
        ([day, tally]) =>
          day >= firstKeptDay &&
          day <= today &&
          (numberOf(tally, 'o') > 0 || numberOf(tally, 'sh') > 0),
      )
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, tally]): DayBucket => {
        const hours = nodeOf(tally, 'ho');
        const hourRevenues = nodeOf(tally, 'hr');
        return {
          day,
          orderCount: numberOf(tally, 'o'),
          revenue: money(amountOf(numberOf(tally, 'r'))),
          hourOrders: Array.from({ length: 24 }, (_, hour) => numberOf(hours, keyOf(String(hour)))),
          hourRevenue: Array.from({ length: 24 }, (_, hour) =>
            money(amountOf(numberOf(hourRevenues, keyOf(String(hour))))),
          ),
          countryOrders: numberOf(tally, 'co'),
          countries: countsOf(nodeOf(tally, 'cs'))
            .map(([code]) => code)
            .sort(),
          units: numberOf(tally, 'u'),
          newCustomers: newCustomersByDay.get(day) ?? 0,
          customerOrders: numberOf(tally, 'cu'),
          shipped: numberOf(tally, 'sh'),
        };
      }),
  };
}

/**
 * Every figure the calls read, from a seller's tally and their customers' tallies, with the days
 * and ranges that end `today` (in the calendar's time zone): the same figures whether the tally was
 * kept change by change or counted again from the facts.
 */
export function tallyRollups(
  seller: TallyTree,
  customerTallies: Iterable<CustomerTally>,
  calendar: Calendar,
  today: string,
): CurrencyRollups {
  const statuses = countsOf(nodeOf(seller, 'st'));
  const liveOrders = statuses.reduce((total, [, count]) => total + count, 0);
  const deliveries = createDeliveryTimesBuilder(calendar, today);
  const courierNames = nodeOf(seller, 'dn');
  for (const [day, byHours] of entriesOf(nodeOf(seller, 'dl'))) {
    for (const [hours, byOnTime] of entriesOf(byHours)) {
      for (const [onTime, byCourier] of Object.entries(byOnTime)) {
        for (const [courierKey, byCountry] of Object.entries(byCourier as TallyTree)) {
          for (const [countryKey, times] of Object.entries(byCountry as TallyTree)) {
            if ((times as number) <= 0) continue;
            const courier = courierKey === '-' ? null : valueOf(courierKey);
            deliveries.addTimed(
              {
                day,
                hours: Number(hours),
                onTime: onTime === '-' ? null : onTime === 'y',
                courier,
                country: countryKey === '-' ? null : valueOf(countryKey),
              },
              times as number,
              courier === null ? null : spellingOf(nodeOf(courierNames, courierKey)),
            );
          }
        }
      }
    }
  }
  const { panel: deliveryTimes, recountOn } = deliveries.result();

  const byCurrencyCustomers = new Map<string, CustomerTally[]>();
  for (const tally of customerTallies) {
    const list = byCurrencyCustomers.get(tally.currency) ?? [];
    list.push(tally);
    byCurrencyCustomers.set(tally.currency, list);
  }
  const currencies = countsOf(nodeOf(seller, 'n'));
  const byCurrency: Record<string, CurrencyRollup> = {};
  for (const [currency] of currencies) {
    byCurrency[currency] = currencyRollupOf(
      nodeOf(nodeOf(seller, 's'), keyOf(currency)),
      byCurrencyCustomers.get(currency) ?? [],
      today,
    );
  }
  return {
    shared: {
      deliverySuccess: statuses
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
      deliveryTimes,
      recountOn,
    },
    byCurrency,
    currencyKeys: currencies
      .sort(([keyA, a], [keyB, b]) => b - a || keyA.localeCompare(keyB))
      .map(([key]) => key),
  };
}
