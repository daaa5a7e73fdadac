import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, NO_CURRENCY } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { orderFactModel } from '../src/data/order-fact.model.js';
import { rollupModel } from '../src/data/rollup.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import {
  dirtyAccounts,
  markRollupDirty,
  refreshRollup,
  type RollupDeps,
} from '../src/use-cases/refresh-rollup.js';

// A database of its own, with no service sweeping it, so only this test refreshes its rollups.
describe('refreshRollup', () => {
  const seller = 'refresh-seller';
  let db: mongoose.Connection;
  let deps: RollupDeps;

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('refresh'));
    deps = {
      facts: orderFactModel(db),
      rollups: rollupModel(db),
      calendarFor: calendarCache(),
      timeZoneOf: () => Promise.resolve(DEFAULT_TIME_ZONE),
      log: createLogger('refresh-rollup-test', 'silent'),
    };
    // The indexes first, as the services build theirs before any write.
    await Promise.all([deps.facts.init(), deps.rollups.init()]);
    const changedAt = new Date();
    await deps.facts.insertMany(
      Array.from({ length: 3 }, (_, n) => ({
        _id: `entry-${n}`,
        accountId: seller,
        orderNumber: `R-${n}`,
        status: 'pending',
        source: 'csv',
        orderDate: changedAt,
        itemTotal: 10,
        version: 1,
        revision: `entry-${n}:1`,
        changedAt,
        firstSeenAt: changedAt,
      })),
    );
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('stores nothing of a refresh cut short, and leaves the seller for the sweep', async () => {
    await markRollupDirty(deps.rollups, seller);
    const stop = new AbortController();
    stop.abort();

    await expect(refreshRollup(deps, seller, { signal: stop.signal })).rejects.toBe(
      stop.signal.reason,
    );
    const afterCut = await deps.rollups.findById(seller).lean();
    expect(afterCut?.computedAt ?? null).toBeNull();
    expect(afterCut).not.toHaveProperty('byCurrency');
    expect(await dirtyAccounts(deps.rollups)).toEqual([seller]);

    await refreshRollup(deps, seller);
    expect(await dirtyAccounts(deps.rollups)).toEqual([]);
    // Facts from before orders carried a currency count in the no-currency figures.
    expect(await deps.rollups.findById(seller).lean()).toMatchObject({
      currencyKeys: [NO_CURRENCY],
      byCurrency: {
        [NO_CURRENCY]: {
          days: [expect.objectContaining({ orderCount: 3, revenue: 30 }) as unknown],
        },
      },
    });
  });
});
