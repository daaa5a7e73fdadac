import { DEFAULT_TIME_ZONE } from '@onvelope/contracts';
import { forAccount, isDuplicateKeyError, type Logger } from '@onvelope/service-kit';
import type { OrderFact, OrderFactModel } from '../data/order-fact.model.js';
import type { RollupModel, StoredRollup } from '../data/rollup.model.js';
import { calendarCache, type CalendarFor } from '../domain/calendar.js';
import {
  createCurrencyRollupsBuilder,
  currencyPanels,
  type CurrencyFact,
} from '../domain/currency-rollups.js';
import { ROLLUP_FORMAT } from '../domain/rollup.js';
import { forEachTakingTurns } from './take-turns.js';

export interface RollupDeps {
  facts: OrderFactModel;
  rollups: RollupModel;
  calendarFor: CalendarFor;
  /** The seller's time zone from their settings; rejects when svc-auth cannot say. */
  timeZoneOf: (accountId: string) => Promise<string>;
  log: Logger;
}

/**
 * Facts counted between two turns of the event loop: during another seller's 100,000-row import,
 * whose refreshes read up to 100,000 facts, the analytics calls of a seller took 2-8 times their
 * idle p95 after the import and 6-13 times during it; taking a turn every 100 facts, 0.3-1.0 and
 * 3-6 (four runs each way, issue 18).
 */
const FACTS_BETWEEN_TURNS = 100;

const rollupFields: Record<keyof CurrencyFact | 'deletedAt', 1> = {
  currency: 1,
  status: 1,
  orderDate: 1,
  firstSeenAt: 1,
  shippingCountry: 1,
  itemTotal: 1,
  items: 1,
  customerEmail: 1,
  courier: 1,
  shippedAt: 1,
  deliveredAt: 1,
  firstEstimatedDeliveryAt: 1,
  deletedAt: 1,
};

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
 * Recomputes one seller's rollup from all of their facts, streamed (the filter is the account
 * alone, which every server answers from its index; tombstones are skipped here), in their time
 * zone. The figures are stored unless a computation that started later has already stored its
 * own, so the newest computation wins whatever order they finish in. Once `signal` is aborted the
 * reading stops and nothing is stored (the signal's reason is thrown). Every so many facts it takes
 * `giveWay`, the pause in which it gives way to the service's calls.
 */
export async function refreshRollup(
  deps: RollupDeps,
  accountId: string,
  { signal, giveWay }: { signal?: AbortSignal; giveWay?: () => Promise<void> } = {},
): Promise<void> {
  const now = new Date();
  const { facts, rollups, calendarFor } = deps;
  const calendar = calendarFor(await timeZoneToCount(deps, accountId));
  const builder = createCurrencyRollupsBuilder(calendar, calendar.localTime(now).day);
  const cursor = forAccount(facts, accountId)
    .find()
    .select(rollupFields)
    .lean<Pick<OrderFact, keyof CurrencyFact | 'deletedAt'>[]>()
    .cursor({ batchSize: 1_000 });
  await forEachTakingTurns(
    cursor,
    FACTS_BETWEEN_TURNS,
    (fact) => {
      signal?.throwIfAborted();
      if (!fact.deletedAt) builder.add(fact);
    },
    giveWay,
  );
  signal?.throwIfAborted();
  const { shared, byCurrency, currencyKeys } = builder.result();
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

/** Notes that a seller's facts changed, so a sweep refreshes them even if this process stops. */
export async function markRollupDirty(rollups: RollupModel, accountId: string, at = new Date()) {
  await rollups.updateOne({ _id: accountId }, { $max: { dirtyAt: at } }, { upsert: true });
}

/**
 * Sellers whose facts changed after their rollup was computed, whose rollup was computed by a
 * release that stored fewer figures, or whose delivery times have reached their `recountOn` day
 * (a delivery left a range at the seller's midnight).
 */
export async function dirtyAccounts(
  rollups: RollupModel,
  {
    calendarFor = calendarCache(),
    now = new Date(),
  }: { calendarFor?: CalendarFor; now?: Date } = {},
): Promise<string[]> {
  const states = await rollups
    .find({}, { dirtyAt: 1, computedAt: 1, format: 1, recountOn: 1, timeZone: 1 })
    .lean<
      Pick<StoredRollup, '_id' | 'dirtyAt' | 'computedAt' | 'format' | 'recountOn' | 'timeZone'>[]
    >();
  const stale = ({ dirtyAt, computedAt, format, recountOn, timeZone }: (typeof states)[number]) =>
    (dirtyAt && (!computedAt || computedAt <= dirtyAt)) ||
    (computedAt && (format ?? 1) < ROLLUP_FORMAT) ||
    (recountOn && recountOn <= calendarFor(timeZone ?? DEFAULT_TIME_ZONE).localTime(now).day);
  return states.filter(stale).map(({ _id }) => _id);
}
