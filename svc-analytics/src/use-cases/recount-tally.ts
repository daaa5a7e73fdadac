import { setTimeout as sleep } from 'node:timers/promises';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { OrderFact, OrderFactModel } from '../data/order-fact.model.js';
import type { Model, mongo } from 'mongoose';
import {
  customerTallyIdOf,
  dayTallyIdOf,
  tallyCollectionOf,
  tallyNodes,
  type StoredTally,
  type TallyModels,
} from '../data/tally.model.js';
import type { Calendar } from '../domain/calendar.js';
import { currencyKeyOf, type CurrencyFact } from '../domain/currency-rollups.js';
import {
  TALLY_FORMAT,
  addToTally,
  emptyTallyChanges,
  splitPaths,
  treeOf,
} from '../domain/rollup-tally.js';
import { STALE_APPLYING_MS } from './apply-tally-changes.js';
import { forEachTakingTurns } from './take-turns.js';

/**
 * Facts counted between two turns of the event loop: during another seller's 100,000-row import,
 * whose recounts read up to 100,000 facts, the analytics calls of a seller took 2-8 times their
 * idle p95 after the import and 6-13 times during it; taking a turn every 100 facts, 0.3-1.0 and
 * 3-6 (four runs each way, issue 18).
 */
const FACTS_BETWEEN_TURNS = 100;
/** How often a recount looks whether the messages applying changes before it have finished. */
const APPLYING_POLL_MS = 50;
const DOCUMENTS_PER_WRITE = 1_000;

const tallyFields: Record<keyof CurrencyFact | 'deletedAt', 1> = {
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
 * Whether a seller's tally must be counted again from the facts: none yet (or of an earlier format
 * or another time zone), a change that could not be applied exactly, a recount cut short, a message
 * lost between its facts and the tally, or the last recount older than `recountEveryMs` (repair:
 * a tally kept change by change is never trusted for longer).
 */
export function needsRecount(
  tally: StoredTally | null,
  timeZone: string,
  now: Date,
  recountEveryMs: number,
): boolean {
  if (!tally || tally.format !== TALLY_FORMAT || tally.timeZone !== timeZone) return true;
  if (tally.recountAgain || tally.recounting) return true;
  if (!tally.recountedAt || tally.recountedAt.getTime() <= now.getTime() - recountEveryMs) {
    return true;
  }
  const staleBefore = now.getTime() - STALE_APPLYING_MS;
  return (tally.applying ?? []).some(({ at }) => at.getTime() <= staleBefore);
}

/**
 * Counts a seller's tally again from all of their facts, streamed, in `calendar`'s time zone, and
 * stores it in place of the one kept change by change. It marks the tally `recounting` first, so no
 * message starts applying changes meanwhile (they leave the seller for the next recount), and waits
 * for the messages already applying theirs, so every change is in the facts it reads or in a
 * recount after it. Once `signal` is aborted the reading stops and the tally is left for a recount.
 */
export async function recountTally(
  { tallies, customerTallies, dayTallies }: TallyModels,
  facts: OrderFactModel,
  accountId: string,
  calendar: Calendar,
  { signal, giveWay }: { signal?: AbortSignal; giveWay?: () => Promise<void> } = {},
): Promise<void> {
  const started = new Date();
  await tallies.updateOne(
    { _id: accountId },
    { $set: { recounting: started, recountAgain: false } },
    { upsert: true },
  );
  try {
    await applyingFinished(tallies, accountId, started, signal);
    const changes = emptyTallyChanges();
    const cursor = forAccount(facts, accountId)
      .find()
      .select(tallyFields)
      .lean<Pick<OrderFact, keyof CurrencyFact | 'deletedAt'>[]>()
      .cursor({ batchSize: 1_000 });
    await forEachTakingTurns(
      cursor,
      FACTS_BETWEEN_TURNS,
      (fact) => {
        signal?.throwIfAborted();
        if (!fact.deletedAt) {
          addToTally(changes, { ...fact, currencyKey: currencyKeyOf(fact.currency) }, 1, calendar);
        }
      },
      giveWay,
    );
    signal?.throwIfAborted();
    const { seller, days } = splitPaths(changes.seller);
    await replaceAll(customerTallies, accountId, [
      ...[...changes.customers.values()].map(({ currency, email, paths }) => ({
        _id: customerTallyIdOf(accountId, currency, email),
        accountId,
        currency,
        email,
        ...treeOf(paths),
      })),
    ]);
    await replaceAll(
      dayTallies,
      accountId,
      [...days.values()].map(({ scope, day, paths }) => ({
        _id: dayTallyIdOf(accountId, scope, day),
        accountId,
        scope,
        day,
        ...treeOf(paths),
      })),
    );
    const tree = treeOf(seller);
    await tallyCollectionOf(tallies).updateOne(
      { _id: accountId, recounting: started },
      {
        $set: {
          ...Object.fromEntries(
            tallyNodes.filter((node) => tree[node]).map((node) => [node, tree[node]]),
          ),
          format: TALLY_FORMAT,
          timeZone: calendar.timeZone,
          recountedAt: started,
          recounting: null,
        },
        $unset: Object.fromEntries(
          tallyNodes.filter((node) => !tree[node]).map((node) => [node, 1]),
        ),
      },
    );
  } catch (error) {
    // The tally may be half replaced: the next refresh counts it again.
    await tallies
      .updateOne(
        { _id: accountId, recounting: started },
        { $set: { recounting: null, recountAgain: true } },
      )
      .catch(() => undefined);
    throw error;
  }
}

/** Puts `documents` in place of a seller's documents of one tally collection. */
async function replaceAll<T extends { _id: string; accountId: string }>(
  model: Model<T>,
  accountId: string,
  documents: T[],
): Promise<void> {
  await model.deleteMany({ accountId } as mongo.Filter<T>);
  for (let first = 0; first < documents.length; first += DOCUMENTS_PER_WRITE) {
    await model.insertMany(documents.slice(first, first + DOCUMENTS_PER_WRITE), { lean: true });
  }
}

/**
 * Waits until no message that started applying changes before `started` is still at it; one older
 * than `STALE_APPLYING_MS` was lost with its process, and the recount covers it.
 */
async function applyingFinished(
  tallies: TallyModels['tallies'],
  accountId: string,
  started: Date,
  signal?: AbortSignal,
): Promise<void> {
  for (;;) {
    const tally = await tallies.findById(accountId).select({ applying: 1 }).lean();
    const staleBefore = Date.now() - STALE_APPLYING_MS;
    const running = (tally?.applying ?? []).filter(({ at }) => at.getTime() > staleBefore);
    if (!running.length) break;
    signal?.throwIfAborted();
    await sleep(APPLYING_POLL_MS);
  }
  await tallies.updateOne({ _id: accountId }, { $set: { applying: [] } });
}
