import {
  analyticsPanelLimits,
  analyticsRanges,
  type AnalyticsRange,
  type DeliveryTimeFigures,
  type DeliveryTimes,
} from '@onvelope/contracts';
import { addDays, type Calendar } from './calendar.js';

const HOUR_MS = 3_600_000;

/** What the delivery times read of a live fact. */
export interface DeliveryFact {
  status: string;
  shippingCountry: string | null;
  courier: string | null;
  shippedAt: Date | null;
  /** The carrier's delivery time (the tracking provider's delivered checkpoint). */
  deliveredAt: Date | null;
  /** The first delivery date the carrier estimated for the shipment. */
  firstEstimatedDeliveryAt: Date | null;
}

/** The delivery times of each range the screen offers, ending on the day they were counted. */
export interface DeliveryTimesPanel {
  /** The last day of every range: the day the rollup was computed, in its time zone. */
  asOf: string;
  ranges: ({ days: AnalyticsRange } & DeliveryTimes)[];
}

/**
 * Hours from shipped to delivered (whole hours: the figures are shown in days to one decimal), or
 * null for a fact that is no carrier delivery: no carrier delivery time (an order a seller or a
 * file marked delivered says nothing of when it arrived), no shipping date, a delivery dated before
 * the shipping (the shipping date was entered after the fact), or a cancelled order.
 */
export function transitHoursOf(
  fact: Pick<DeliveryFact, 'status' | 'shippedAt' | 'deliveredAt'>,
): number | null {
  if (fact.status === 'cancelled' || !fact.shippedAt || !fact.deliveredAt) return null;
  const took = fact.deliveredAt.getTime() - fact.shippedAt.getTime();
  return took < 0 ? null : Math.round(took / HOUR_MS);
}

/**
 * The day a carrier's estimate names. Carriers that give a date without a time send midnight UTC,
 * which is that date wherever the seller is; an estimate with a time is read on the seller's
 * calendar, like the delivery.
 */
export function estimatedDayOf(estimate: Date, calendar: Calendar): string {
  const iso = estimate.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : calendar.localTime(estimate).day;
}

/** Delivered on or before the estimated day (a delivery late that day is still on time). */
export function isOnTime(deliveredAt: Date, estimate: Date, calendar: Calendar): boolean {
  return calendar.localTime(deliveredAt).day <= estimatedDayOf(estimate, calendar);
}

/**
 * The `p` quantile (0 to 1) of the values a histogram counts (value → how many times), between the
 * two nearest ranks as spreadsheets' PERCENTILE.INC and numpy's default interpolate; null when it
 * counts none. A histogram keeps the memory of a rollup flat whatever the number of deliveries.
 */
export function quantileOf(histogram: ReadonlyMap<number, number>, p: number): number | null {
  let total = 0;
  for (const count of histogram.values()) total += count;
  if (!total) return null;
  const rank = (total - 1) * p;
  const lowRank = Math.floor(rank);
  const highRank = Math.ceil(rank);
  let seen = 0;
  let low: number | undefined;
  for (const [value, count] of [...histogram.entries()].sort(([a], [b]) => a - b)) {
    seen += count;
    if (low === undefined && lowRank < seen) low = value;
    if (highRank < seen) return low! + (value - low!) * (rank - lowRank);
  }
  // Unreachable: the last value's ranks end at total - 1, which highRank never passes.
  return low ?? null;
}

/** Hours as days to one decimal. */
const daysOf = (hours: number | null) => (hours === null ? null : Math.round(hours / 2.4) / 10);

interface Tally {
  name: string;
  /** Deliveries by their transit time in whole hours. */
  hours: Map<number, number>;
  delivered: number;
  withEstimate: number;
  onTime: number;
}

const tallyOf = (name: string): Tally => ({
  name,
  hours: new Map(),
  delivered: 0,
  withEstimate: 0,
  onTime: 0,
});

function count(tally: Tally, hours: number, onTime: boolean | null, times: number) {
  tally.hours.set(hours, (tally.hours.get(hours) ?? 0) + times);
  tally.delivered += times;
  if (onTime !== null) {
    tally.withEstimate += times;
    if (onTime) tally.onTime += times;
  }
}

function figuresOf(tally: Tally): DeliveryTimeFigures {
  return {
    delivered: tally.delivered,
    medianDays: daysOf(quantileOf(tally.hours, 0.5)),
    p90Days: daysOf(quantileOf(tally.hours, 0.9)),
    withEstimate: tally.withEstimate,
    onTime: tally.onTime,
    onTimeShare: tally.withEstimate
      ? Math.round((tally.onTime / tally.withEstimate) * 1000) / 10
      : null,
  };
}

/** The groups with most deliveries first, then by name; at most the panel's rows. */
const topOf = (tallies: Map<string, Tally>) =>
  [...tallies.values()]
    .sort((a, b) => b.delivered - a.delivered || a.name.localeCompare(b.name, 'en-GB'))
    .slice(0, analyticsPanelLimits.deliveryTimeRows);

function tallyIn(tallies: Map<string, Tally>, key: string, name: string): Tally {
  let tally = tallies.get(key);
  if (!tally) {
    tally = tallyOf(name);
    tallies.set(key, tally);
  }
  return tally;
}

/** A carrier delivery as the figures count it: its day, transit hours, on time, carrier and country. */
export interface TimedDelivery {
  day: string;
  hours: number;
  /** Null when the carrier gave no estimate. */
  onTime: boolean | null;
  /** The courier as written (surrounding spaces trimmed), or null. */
  courier: string | null;
  /** The two-letter code, upper case, or null. */
  country: string | null;
}

/** What a fact counts in the delivery times, or null for a fact that is no carrier delivery. */
export function timedDeliveryOf(fact: DeliveryFact, calendar: Calendar): TimedDelivery | null {
  const hours = transitHoursOf(fact);
  if (hours === null) return null;
  return {
    day: calendar.localTime(fact.deliveredAt!).day,
    hours,
    onTime: fact.firstEstimatedDeliveryAt
      ? isOnTime(fact.deliveredAt!, fact.firstEstimatedDeliveryAt, calendar)
      : null,
    courier: fact.courier?.trim() || null,
    country: fact.shippingCountry?.trim().toUpperCase() || null,
  };
}

/**
 * Folds a seller's carrier deliveries (`times` alike at once) into the delivery times of each range the screen
 * offers (7, 30, 90 and 365 days ending `today`, by the day the carrier delivered): the memory held
 * is a histogram of hours per range and group, whatever the number of orders. Also says on which
 * day the figures next change with no new fact (`recountOn`): the day the oldest delivery of a
 * range leaves it, or a delivery dated after today enters them; null when no day will.
 */
export function createDeliveryTimesBuilder(calendar: Calendar, today: string) {
  const ranges = analyticsRanges.map((days) => ({
    days,
    from: addDays(today, -(days - 1)),
    overall: tallyOf(''),
    carriers: new Map<string, Tally>(),
    countries: new Map<string, Tally>(),
    /** The first day of the range that had a delivery. */
    earliest: null as string | null,
  }));
  let firstLaterDay: string | null = null;

  /** Counts `times` deliveries alike; `courier`, when given, is named as `courierName` says. */
  function addTimed(
    { day, hours, onTime, courier, country }: TimedDelivery,
    times = 1,
    courierName = courier,
  ) {
    if (day > today) {
      if (firstLaterDay === null || day < firstLaterDay) firstLaterDay = day;
      return;
    }
    for (const range of ranges) {
      if (day < range.from) continue;
      if (range.earliest === null || day < range.earliest) range.earliest = day;
      count(range.overall, hours, onTime, times);
      if (courier) {
        count(tallyIn(range.carriers, courier.toLowerCase(), courierName!), hours, onTime, times);
      }
      if (country) count(tallyIn(range.countries, country, country), hours, onTime, times);
    }
  }

  function add(fact: DeliveryFact) {
    const delivery = timedDeliveryOf(fact, calendar);
    if (delivery) addTimed(delivery);
  }

  function result(): { panel: DeliveryTimesPanel; recountOn: string | null } {
    const changes = ranges.flatMap(({ days, earliest }) =>
      earliest === null ? [] : [addDays(earliest, days)],
    );
    if (firstLaterDay !== null) changes.push(firstLaterDay);
    return {
      panel: {
        asOf: today,
        ranges: ranges.map(({ days, overall, carriers, countries }) => ({
          days,
          overall: figuresOf(overall),
          byCarrier: topOf(carriers).map((tally) => ({ courier: tally.name, ...figuresOf(tally) })),
          byCountry: topOf(countries).map((tally) => ({
            country: tally.name,
            ...figuresOf(tally),
          })),
        })),
      },
      recountOn: changes.length ? changes.sort()[0]! : null,
    };
  }

  return { add, addTimed, result };
}
