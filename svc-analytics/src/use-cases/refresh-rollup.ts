import { DEFAULT_TIME_ZONE } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import type { OrderFactModel } from '../data/order-fact.model.js';
import type { RollupModel, StoredRollup } from '../data/rollup.model.js';
import {
  tallyModels,
  tallyNodes,
  type StoredTally,
  type TallyModels,
  storedTreeOf,
} from '../data/tally.model.js';
import { calendarCache, type Calendar, type CalendarFor } from '../domain/calendar.js';
import { currencyPanels, type CurrencyRollups } from '../domain/currency-rollups.js';
import { ROLLUP_FORMAT } from '../domain/rollup.js';
import { withDays, type TallyTree } from '../domain/rollup-tally.js';
import { tallyRollups } from '../domain/tally-rollups.js';
import { needsRecount, recountTally } from './recount-tally.js';

export interface RollupDeps {
  facts: OrderFactModel;
  rollups: RollupModel;
  calendarFor: CalendarFor;
  /** The seller's time zone from their settings; rejects when svc-auth cannot say. */
  timeZoneOf: (accountId: string) => Promise<string>;
  log: Logger;
  /** How old a tally may get before it is counted again from the facts (`TALLY_RECOUNT_MS`). */
  recountEveryMs?: number;
}

/** A day: a tally kept change by change is counted again from the facts at least this often. */
export const DEFAULT_RECOUNT_MS = 86_400_000;

/**
 * The zone to count a seller's days in: their settings' (asked each time, so a change shows at the
 * next refresh), else, while svc-auth cannot answer, the zone their figures were last counted in.
 */
async function timeZoneToCount(
  { rollups, timeZoneOf, log }: Pick<RollupDeps, 'rollups' | 'timeZoneOf' | 'log'>,
  accountId: string,
): Promise<string> {
  try {
    return await timeZoneOf(accountId);
  } catch (error) {
    const stored = await rollups.findById(accountId).select({ timeZone: 1 }).lean<StoredRollup>();
    const timeZone = stored?.timeZone ?? DEFAULT_TIME_ZONE;
    log.warn(
      { err: error, accountId, timeZone },
      'seller time zone unavailable; counting in the last one',
    );
    return timeZone;
  }
}

/**
 * Makes one seller's rollup from their tally (`domain/rollup-tally.ts`), which the consumers keep
 * change by change: its size grows with the seller's customers, days and carriers, not with their
 * orders' changes. The tally is first counted again from all of the seller's facts when it must be
 * (`needsRecount`: none yet, another time zone, a change that could not be applied exactly, or the
 * periodic repair). The figures are stored unless a computation that started later has already
 * stored its own, so the newest computation wins whatever order they finish in. Once `signal` is
 * aborted nothing is stored (the signal's reason is thrown). While recounting, it takes `giveWay`
 * every so many facts, the pause in which it gives way to the service's calls.
 */
export async function refreshRollup(
  deps: RollupDeps,
  accountId: string,
  { signal, giveWay }: { signal?: AbortSignal; giveWay?: () => Promise<void> } = {},
): Promise<void> {
  const now = new Date();
  const { facts, rollups, calendarFor } = deps;
  const models = tallyModels(facts.db);
  const calendar = calendarFor(await timeZoneToCount(deps, accountId));
  const tally = await models.tallies.findById(accountId).lean<StoredTally>();
  if (needsRecount(tally, calendar.timeZone, now, deps.recountEveryMs ?? DEFAULT_RECOUNT_MS)) {
    signal?.throwIfAborted();
    await recountTally(models, facts, accountId, calendar, { signal, giveWay });
  }
  const { shared, byCurrency, currencyKeys } = await readTallyRollups(
    models,
    accountId,
    calendar,
    calendar.localTime(now).day,
  );
  signal?.throwIfAborted();
  try {
    await rollups.updateOne(
      { _id: accountId, $or: [{ computedAt: null }, { computedAt: { $lt: now } }] },
      {
        $set: {
          ...shared,
          byCurrency,
          currencyKeys,
          computedAt: now,
          format: ROLLUP_FORMAT,
          timeZone: calendar.timeZone,
        },
        // Format 3 kept the money panels of every currency added together, outside `byCurrency`.
        $unset: Object.fromEntries(currencyPanels.map((panel) => [panel, 1])),
      },
      // Unstrict, so the fields the schema no longer has are unset rather than dropped from the update.
      { upsert: true, strict: false },
    );
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/** The rollups a seller's stored tally and their customers' tallies make, on `today`. */
export async function readTallyRollups(
  { tallies, customerTallies, dayTallies }: TallyModels,
  accountId: string,
  calendar: Calendar,
  today: string,
): Promise<CurrencyRollups> {
  const [seller, customers, days] = await Promise.all([
    tallies.findById(accountId).select(tallyProjection).lean<TallyTree>(),
    customerTallies.find({ accountId }).lean(),
    dayTallies.find({ accountId }).lean(),
  ]);
  return tallyRollups(
    withDays(
      seller ?? {},
      days.map((part) => ({
        scope: part.scope,
        day: part.day,
        tree: storedTreeOf(part, ['scope', 'day']),
      })),
    ),
    customers.map((customer) => ({
      currency: customer.currency,
      email: customer.email,
      tree: storedTreeOf(customer, ['currency', 'email']),
    })),
    calendar,
    today,
  );
}

/** The seller's tree, without the fields that keep it exact. */
const tallyProjection = Object.fromEntries(tallyNodes.map((node) => [node, 1]));

/** Notes that a seller's facts changed, so a sweep refreshes them even if this process stops. */
export async function markRollupDirty(rollups: RollupModel, accountId: string, at = new Date()) {
  await rollups.updateOne({ _id: accountId }, { $max: { dirtyAt: at } }, { upsert: true });
}

/**
 * Sellers whose facts changed after their rollup was computed, whose rollup was computed by a
 * release that stored fewer figures, whose delivery times have reached their `recountOn` day
 * (a delivery left a range at the seller's midnight), or whose tally must be counted again from
 * their facts (`needsRecount`: a change that could not be applied, a message or a recount lost with
 * its process, or, when `recountEveryMs` is given, the periodic repair).
 */
export async function dirtyAccounts(
  rollups: RollupModel,
  {
    calendarFor = calendarCache(),
    now = new Date(),
    recountEveryMs = Number.POSITIVE_INFINITY,
  }: { calendarFor?: CalendarFor; now?: Date; recountEveryMs?: number } = {},
): Promise<string[]> {
  const [states, tallies] = await Promise.all([
    rollups
      .find({}, { dirtyAt: 1, computedAt: 1, format: 1, recountOn: 1, timeZone: 1 })
      .lean<
        Pick<StoredRollup, '_id' | 'dirtyAt' | 'computedAt' | 'format' | 'recountOn' | 'timeZone'>[]
      >(),
    tallyModels(rollups.db)
      .tallies.find(
        { format: { $exists: true } },
        { format: 1, timeZone: 1, recountedAt: 1, applying: 1, recounting: 1, recountAgain: 1 },
      )
      .lean<StoredTally[]>(),
  ]);
  const stale = ({ dirtyAt, computedAt, format, recountOn, timeZone }: (typeof states)[number]) =>
    (dirtyAt && (!computedAt || computedAt <= dirtyAt)) ||
    (computedAt && (format ?? 1) < ROLLUP_FORMAT) ||
    (recountOn && recountOn <= calendarFor(timeZone ?? DEFAULT_TIME_ZONE).localTime(now).day);
  const recount = tallies
    .filter((tally) => needsRecount(tally, tally.timeZone!, now, recountEveryMs))
    .map(({ _id }) => _id);
  return [...new Set([...states.filter(stale).map(({ _id }) => _id), ...recount])];
}
