import type mongoose from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { orderFactModel } from '../src/data/order-fact.model.js';
import { rollupModel } from '../src/data/rollup.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import {
  markRollupDirty,
  refreshRollup,
  type RollupDeps,
} from '../src/use-cases/refresh-rollup.js';
import { leasedRefresh } from '../src/use-cases/rollup-refresh-lease.js';
import { createRollupRefresher } from '../src/use-cases/rollup-refresher.js';

/**
 * Issue 40: the replicas of svc-analytics share a seller's changes (one durable consumer), so each
 * one's refresher is told of the same seller. Two refreshers on one database, wired as the service
 * wires its own, must refresh the seller one at a time.
 */
describe('rollup refreshers at two replicas', () => {
  const seller = 'replicated-seller';
  /** Long enough that the second replica's refresh would start while the first one's runs. */
  const REFRESH_MS = 300;
  let db: mongoose.Connection;
  let deps: RollupDeps;

  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('rollup-replicas'));
    deps = {
      facts: orderFactModel(db),
      rollups: rollupModel(db),
      calendarFor: calendarCache(),
      timeZoneOf: () => Promise.resolve(DEFAULT_TIME_ZONE),
      log: createLogger('rollup-replicas-test', 'silent'),
    };
    await Promise.all([deps.facts.init(), deps.rollups.init()]);
    const changedAt = new Date();
    await deps.facts.create({
      _id: 'replicated-entry',
      accountId: seller,
      orderNumber: 'R-1',
      status: 'pending',
      source: 'csv',
      orderDate: changedAt,
      itemTotal: 10,
      version: 1,
      revision: 'replicated-entry:1',
      changedAt,
      firstSeenAt: changedAt,
    });
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('refreshes a seller both replicas were told of in one replica at a time', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let refreshes = 0;
    const replica = () =>
      createRollupRefresher({
        refresh: leasedRefresh(deps.rollups, async (accountId, signal) => {
          running += 1;
          refreshes += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          try {
            await sleep(REFRESH_MS);
            await refreshRollup(deps, accountId, { signal });
          } finally {
            running -= 1;
          }
        }),
        log: deps.log,
        settleMs: 10,
        maxWaitMs: 1_000,
      });
    const replicas = [replica(), replica()];
    await markRollupDirty(deps.rollups, seller);

    for (const refresher of replicas) refresher.changed(seller);

    // The second replica's change is refreshed too, once the first's refresh and spacing are over.
    await expect.poll(() => refreshes, { timeout: 10 * REFRESH_MS * 3 }).toBe(2);
    await expect.poll(() => running).toBe(0);
    await Promise.all(replicas.map((refresher) => refresher.stop()));
    expect(mostAtOnce).toBe(1);
    expect(await deps.rollups.findById(seller).lean()).toMatchObject({
      refreshHolder: null,
      computedAt: expect.any(Date) as unknown,
    });
  });
});
