import { monitorEventLoopDelay } from 'node:perf_hooks';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, NO_CURRENCY, TRACKING_ENTRY_EVENT_VERSION } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { orderFactModel } from '../src/data/order-fact.model.js';
import { rollupModel } from '../src/data/rollup.model.js';
import { tallyModels } from '../src/data/tally.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import { applyFactChanges } from '../src/use-cases/apply-tally-changes.js';
import { recordTrackingEntryChanges } from '../src/use-cases/record-tracking-entry-changes.js';
import { recountTally } from '../src/use-cases/recount-tally.js';
import {
  readTallyRollups,
  refreshRollup,
  type RollupDeps,
} from '../src/use-cases/refresh-rollup.js';

const DAY_MS = 86_400_000;
/** One order a day for 14 years: the tally keeps every day, the rollup the last 730. */
const DAYS = 5_000;
/**
 * The longest svc-analytics may hold the event loop at once, while the service's calls wait (the
 * gateway answers 504 after 60 s). Making the rollup from the tally copied a currency's days for
 * every day added (the square of the days): 55 s at 11,000 days on the loaded development machine.
 * Applying a message of 1,000 orders of new items sent its 4,000 paths of `$inc` through mongoose,
 * whose casting grows with the square of the paths: 8-16 s (the browser tests' 12,000-row import).
 */
const LONGEST_BLOCK_MS = 2_000;

/** The longest the event loop was held while `work` ran, in milliseconds. */
async function longestHoldDuring(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  try {
    await work();
  } finally {
    delay.disable();
  }
  return delay.max / 1e6;
}

// A database of its own, with no service sweeping it, so only this test refreshes its rollups.
describe('refreshing a seller with a long history', () => {
  const seller = 'long-history-seller';
  let db: mongoose.Connection;
  let deps: RollupDeps;
  const today = new Date();

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('long-history'));
    deps = {
      facts: orderFactModel(db),
      rollups: rollupModel(db),
      calendarFor: calendarCache(),
      timeZoneOf: () => Promise.resolve(DEFAULT_TIME_ZONE),
      log: createLogger('long-history-test', 'silent'),
    };
    await Promise.all([deps.facts.init(), deps.rollups.init()]);
    await deps.facts.collection.insertMany(
      Array.from({ length: DAYS }, (_, n) => {
        const orderDate = new Date(today.getTime() - n * DAY_MS);
        return {
          _id: `long-${n}`,
          accountId: seller,
          orderNumber: `L-${n}`,
          status: 'pending',
          source: 'csv',
          orderDate,
          shippingCountry: null,
          itemTotal: 10,
          currency: null,
          items: [],
          customerEmail: null,
          customerName: null,
          courier: null,
          shippedAt: null,
          trackingNumber: null,
          carrierStatus: null,
          deliveredAt: null,
          estimatedDeliveryAt: null,
          firstEstimatedDeliveryAt: null,
          version: 1,
          revision: `long-${n}:1`,
          changedAt: orderDate,
          firstSeenAt: orderDate,
          deletedAt: null,
        };
      }) as never[],
    );
  }, 120_000);
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('holds the event loop briefly while making the rollup of 14 years of days', async () => {
    expect(await longestHoldDuring(() => refreshRollup(deps, seller))).toBeLessThan(
      LONGEST_BLOCK_MS,
    );
    const rollup = await deps.rollups.findById(seller).lean();
    // The rollup keeps the last 730 days (and today): the older days stay in the tally only.
    expect(rollup?.byCurrency?.[NO_CURRENCY]?.days).toHaveLength(731);
  }, 120_000);
});

describe('applying a message of orders of new items', () => {
  const seller = 'new-items-seller';
  let db: mongoose.Connection;

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('new-items'));
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('holds the event loop briefly while it adds 1,000 items to the tally', async () => {
    const facts = orderFactModel(db);
    const models = tallyModels(db);
    const calendarFor = calendarCache();
    const london = calendarFor(DEFAULT_TIME_ZONE);
    await Promise.all([facts.init(), models.tallies.init(), models.customerTallies.init()]);
    // A seller whose tally is counted, so the message's difference is applied to it.
    await recountTally(models, facts, seller, london);
    const changedAt = new Date().toISOString();
    // As a CSV import of one product per order: one message of the orders events.
    const changes = Array.from({ length: 1_000 }, (_, n) => ({
      entryId: `item-order-${n}`,
      orderNumber: `PRG-${n}`,
      status: 'pending',
      source: 'csv' as const,
      orderDate: null,
      shippingCountry: null,
      itemTotal: null,
      currency: null,
      version: 1,
      changedAt,
      items: [{ name: `Mug ${n}`, imageUrl: null, quantity: 1, price: null }],
      customerEmail: `ann${n}@buyer.test`,
      customerName: 'Ann Lee',
      courier: null,
      shippedAt: null,
      trackingNumber: null,
      carrierStatus: null,
      deliveredAt: null,
      estimatedDeliveryAt: null,
    }));

    const held = await longestHoldDuring(() =>
      applyFactChanges(models, calendarFor, seller, () =>
        recordTrackingEntryChanges(facts, {
          eventVersion: TRACKING_ENTRY_EVENT_VERSION,
          accountId: seller,
          changes,
        }),
      ),
    );

    expect(held).toBeLessThan(LONGEST_BLOCK_MS);
    const today = london.localTime(new Date()).day;
    const { byCurrency } = await readTallyRollups(models, seller, london, today);
    expect(byCurrency[NO_CURRENCY]?.countryTotals).toBeDefined();
    expect(byCurrency[NO_CURRENCY]?.days).toEqual([
      expect.objectContaining({ day: today, orderCount: 1_000, units: 1_000 }) as unknown,
    ]);
    expect(byCurrency[NO_CURRENCY]?.popularItems).toHaveLength(20);
  }, 120_000);
});
