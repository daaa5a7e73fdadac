import type { Calendar } from './calendar.js';
import { timedDeliveryOf } from './delivery-times.js';
import {
  CANCELLED,
  SHIPPED_STATUSES,
  lineRevenuesOf,
  revenueOf,
  type RollupFact,
} from './rollup.js';

/**
 * A seller's tally: what every rollup figure is made of, kept as counts and sums only, so a fact's
 * change is applied by subtracting what its old state added and adding what its new state adds
 * (`$inc`, issue 41). Whatever is not a sum is kept as a multiset its figure is read from: a
 * customer's first order date is the earliest of their order dates still counted, the countries a
 * customer ordered to are those still counted above zero, the delivery times' medians come from
 * counts of transit hours per delivery day. Subtracting a fact's contribution thus leaves exactly
 * the tally of the facts without it, which a recount from the facts gives too.
 *
 * Every key below is `keyOf` a value (never a raw value: e-mail addresses hold dots, which are
 * paths to MongoDB). The seller's tree:
 * - `n.<currency>`: facts per currency (any status); `st.<status>`: facts per status.
 * - `dl.<day>.<hours>.<onTime y|n|->.<courier key|->.<country|->`: carrier deliveries;
 *   `dn.<courier key>.<courier as written>`: how often each spelling of a courier delivered.
 * - `s.<currency>`: the money panels of one currency (`co` countries, `tt` their totals, `it` items,
 *   `cr` couriers, `dy` days), every figure a count or a sum of revenue in micro-units (integers, so
 *   subtracting leaves no rounding residue).
 * A customer's tree (`o` orders, `r` revenue, `d.<day>`, `t.<order date ms>`, `c.<country>`) is
 * kept apart, one per customer and currency: a seller's customers grow with their orders.
 */
export type TallyTree = { [key: string]: number | TallyTree };

/** Increments by dotted path, as `$inc` takes them. */
export type TallyPaths = Map<string, number>;

/** What a set of facts adds: the seller's paths, and each customer's (by `customerKeyOf`). */
export interface TallyChanges {
  seller: TallyPaths;
  customers: Map<string, { currency: string; email: string; paths: TallyPaths }>;
}

/** A fact as the tally reads it: a live fact and the key of its currency (`currencyKeyOf`). */
export type TallyFact = RollupFact & { currencyKey: string };

/** Bumped when what the tally holds changes: a tally of another format is recounted from the facts. */
export const TALLY_FORMAT = 1;

const MICRO = 1_000_000;
const micro = (amount: number) => Math.round(amount * MICRO);
/** A revenue sum of the tally in the order's currency. */
export const amountOf = (micros: number) => micros / MICRO;

/** A value as a field name: never empty, never with a dot or a leading `$`. */
export const keyOf = (value: string) => `~${encodeURIComponent(value).replaceAll('.', '%2E')}`;
export const valueOf = (key: string) => decodeURIComponent(key.slice(1));

export const customerKeyOf = (currency: string, email: string) => `${currency}|${email}`;

export const emptyTallyChanges = (): TallyChanges => ({ seller: new Map(), customers: new Map() });

function bump(paths: TallyPaths, path: string, by: number) {
  if (by) paths.set(path, (paths.get(path) ?? 0) + by);
}

/**
 * Adds (`sign` 1) or subtracts (-1) what one live fact contributes, in `calendar`'s days and hours.
 * It depends on the fact and the time zone alone, never on the day it is counted: which days fall
 * in a range is decided when the figures are read (`tallyRollups`).
 */
export function addToTally(
  changes: TallyChanges,
  fact: TallyFact,
  sign: 1 | -1,
  calendar: Calendar,
): void {
  const seller = (path: string, by: number) => bump(changes.seller, path, sign * by);
  seller(`n.${keyOf(fact.currencyKey)}`, 1);
  seller(`st.${keyOf(fact.status)}`, 1);
  if (fact.status === CANCELLED) return;

  const delivery = timedDeliveryOf(fact, calendar);
  if (delivery) {
    const courierKey = delivery.courier ? keyOf(delivery.courier.toLowerCase()) : '-';
    const onTime = delivery.onTime === null ? '-' : delivery.onTime ? 'y' : 'n';
    const country = delivery.country ? keyOf(delivery.country) : '-';
    seller(
      `dl.${keyOf(delivery.day)}.${keyOf(String(delivery.hours))}.${onTime}.${courierKey}.${country}`,
      1,
    );
    if (delivery.courier) seller(`dn.${courierKey}.${keyOf(delivery.courier)}`, 1);
  }

  const scope = `s.${keyOf(fact.currencyKey)}`;
  const revenue = revenueOf(fact);
  const revenueMicros = micro(revenue);
  const email = fact.customerEmail?.trim().toLowerCase() || null;
  const { day, hour } = calendar.localTime(fact.orderDate ?? fact.firstSeenAt);
  const dayPath = `${scope}.dy.${keyOf(day)}`;
  const code = fact.shippingCountry?.trim().toUpperCase() || null;

  if (code) {
    seller(`${scope}.co.${keyOf(code)}.o`, 1);
    seller(`${scope}.co.${keyOf(code)}.r`, revenueMicros);
    seller(`${scope}.tt.o`, 1);
    seller(`${scope}.tt.r`, revenueMicros);
    seller(`${dayPath}.co`, 1);
    seller(`${dayPath}.cs.${keyOf(code)}`, 1);
  }

  const lineRevenues = lineRevenuesOf(fact.items, revenue);
  const inThisOrder = new Set<string>();
  fact.items.forEach((line, index) => {
    const name = line.name.trim();
    const item = `${scope}.it.${keyOf(name.toLowerCase())}`;
    seller(`${item}.u`, line.quantity);
    seller(`${item}.r`, micro(lineRevenues[index]!));
    seller(`${item}.n.${keyOf(name)}`, 1);
    if (line.imageUrl !== null) seller(`${item}.i.${keyOf(line.imageUrl)}`, 1);
    if (!inThisOrder.has(item)) seller(`${item}.o`, 1);
    inThisOrder.add(item);
  });

  if (email) {
    const key = customerKeyOf(fact.currencyKey, email);
    let customer = changes.customers.get(key);
    if (!customer) {
      customer = { currency: fact.currencyKey, email, paths: new Map() };
      changes.customers.set(key, customer);
    }
    const { paths } = customer;
    bump(paths, 'o', sign);
    bump(paths, 'r', sign * revenueMicros);
    bump(paths, `d.${keyOf(day)}`, sign);
    if (fact.orderDate) bump(paths, `t.${keyOf(String(fact.orderDate.getTime()))}`, sign);
    if (code) bump(paths, `c.${keyOf(code)}`, sign);
    seller(`${dayPath}.cu`, 1);
  }

  const courierName = fact.courier?.trim();
  if (courierName && SHIPPED_STATUSES.has(fact.status)) {
    const courier = `${scope}.cr.${keyOf(courierName.toLowerCase())}`;
    seller(`${courier}.o`, 1);
    seller(`${courier}.r`, revenueMicros);
    seller(`${courier}.n.${keyOf(courierName)}`, 1);
  }

  seller(`${dayPath}.o`, 1);
  seller(`${dayPath}.r`, revenueMicros);
  seller(`${dayPath}.ho.${keyOf(String(hour))}`, 1);
  seller(`${dayPath}.hr.${keyOf(String(hour))}`, revenueMicros);
  seller(
    `${dayPath}.u`,
    fact.items.reduce((units, line) => units + line.quantity, 0),
  );
  if (fact.shippedAt && SHIPPED_STATUSES.has(fact.status)) {
    seller(`${scope}.dy.${keyOf(calendar.localTime(fact.shippedAt).day)}.sh`, 1);
  }
}

/** Paths whose increments cancelled out are left out: they change nothing. */
export const nonZero = (paths: TallyPaths) =>
  Object.fromEntries([...paths].filter(([, by]) => by !== 0));

/** The tree the paths make, as MongoDB stores what `$inc` applied to an empty document. */
export function treeOf(paths: TallyPaths): TallyTree {
  const tree: TallyTree = {};
  for (const [path, by] of paths) {
    if (!by) continue;
    const keys = path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      node = (node[key] ??= {}) as TallyTree;
    }
    const leaf = keys.at(-1)!;
    node[leaf] = ((node[leaf] as number | undefined) ?? 0) + by;
  }
  return tree;
}

/** One day's part of a seller's tree: a currency's day bucket (`scope` its key) or the deliveries (`dl`). */
export interface DayPart {
  scope: string;
  day: string;
}

/**
 * Keeps each day's part of the seller's tree apart from the rest (MongoDB-compatible servers slow
 * down with the number of paths one update names: 3,000 took 0.9 s on the test server, and a seller's
 * days make thousands). Answers the paths of the seller's document and those of each day's, by
 * `<scope>|<day>`, with the path within it.
 */
export function splitPaths(paths: TallyPaths): {
  seller: TallyPaths;
  days: Map<string, DayPart & { paths: TallyPaths }>;
} {
  const seller: TallyPaths = new Map();
  const days = new Map<string, DayPart & { paths: TallyPaths }>();
  for (const [path, by] of paths) {
    const keys = path.split('.');
    const part =
      keys[0] === 's' && keys[2] === 'dy'
        ? { scope: keys[1]!, day: keys[3]!, rest: keys.slice(4) }
        : keys[0] === 'dl'
          ? { scope: 'dl', day: keys[1]!, rest: keys.slice(2) }
          : null;
    if (!part) {
      bump(seller, path, by);
      continue;
    }
    const key = `${part.scope}|${part.day}`;
    let day = days.get(key);
    if (!day) {
      day = { scope: part.scope, day: part.day, paths: new Map() };
      days.set(key, day);
    }
    bump(day.paths, part.rest.join('.'), by);
  }
  return { seller, days };
}

/**
 * Puts the days' parts back in the seller's tree, where `tallyRollups` reads them. Each node is
 * copied once and the days are added to it in place: copying a currency's days for every day added
 * cost the square of the days, and a seller of 25,000 days held the event loop for over a minute.
 */
export function withDays(
  seller: TallyTree,
  days: Iterable<DayPart & { tree: TallyTree }>,
): TallyTree {
  const deliveries: TallyTree = { ...((seller.dl as TallyTree | undefined) ?? {}) };
  const scopes: TallyTree = { ...((seller.s as TallyTree | undefined) ?? {}) };
  const copied = new Map<string, TallyTree>();
  const daysOf = (scope: string): TallyTree => {
    let dayNode = copied.get(scope);
    if (!dayNode) {
      const currency = { ...((scopes[scope] as TallyTree | undefined) ?? {}) };
      dayNode = { ...((currency.dy as TallyTree | undefined) ?? {}) };
      currency.dy = dayNode;
      scopes[scope] = currency;
      copied.set(scope, dayNode);
    }
    return dayNode;
  };
  for (const { scope, day, tree: part } of days) {
    if (scope === 'dl') deliveries[day] = part;
    else daysOf(scope)[day] = part;
  }
  return { ...seller, dl: deliveries, s: scopes };
}
