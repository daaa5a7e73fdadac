import { type Env } from '@onvelope/service-kit/config';
import { createService } from '@onvelope/service-kit/http';
import { configSchema } from './config.js';
import { orderFactModel } from './data/order-fact.model.js';
import { rollupModel } from './data/rollup.model.js';
import { tallyModels } from './data/tally.model.js';
import { calendarCache } from './domain/calendar.js';
import { consumeTrackingEntryChanges } from './events/tracking-entry-consumer.js';
import { registerAnalyticsRoutes } from './routes/analytics.routes.js';
import { analyticsReader } from './use-cases/read-analytics.js';
import { dirtyAccounts, refreshRollup } from './use-cases/refresh-rollup.js';
import { leasedRefresh } from './use-cases/rollup-refresh-lease.js';
import { createRollupRefresher } from './use-cases/rollup-refresher.js';
import { sellerTimeZoneOf } from './use-cases/seller-time-zone.js';

export function startAnalyticsService(env: Env) {
  return createService({
    name: 'svc-analytics',
    env,
    configSchema,
    setup: async ({ config, db, nats, log, routes, foreground }) => {
      const facts = orderFactModel(db);
      const rollups = rollupModel(db);
      const tallies = tallyModels(db);
      await Promise.all([
        facts.syncIndexes(),
        rollups.syncIndexes(),
        tallies.tallies.syncIndexes(),
        tallies.customerTallies.syncIndexes(),
        tallies.dayTallies.syncIndexes(),
      ]);
      const calendarFor = calendarCache();
      const rollupDeps = {
        facts,
        rollups,
        calendarFor,
        timeZoneOf: sellerTimeZoneOf(nats, config.AUTH_TIMEOUT_MS),
        log,
        recountEveryMs: config.TALLY_RECOUNT_MS,
      };
      const refresher = createRollupRefresher({
        refresh: leasedRefresh(rollups, (accountId, signal) =>
          refreshRollup(rollupDeps, accountId, {
            signal,
            giveWay: foreground.givingWay({ signal }),
          }),
        ),
        log,
        settleMs: config.ROLLUP_SETTLE_MS,
        maxWaitMs: config.ROLLUP_MAX_WAIT_MS,
      });
      registerAnalyticsRoutes(routes, analyticsReader({ rollups, calendarFor }));
      const consumer = await consumeTrackingEntryChanges(nats, {
        facts,
        rollups,
        tallies,
        calendarFor,
        refresher,
        log,
      });
      const sweep = async () => {
        try {
          for (const accountId of await dirtyAccounts(rollups, {
            calendarFor,
            recountEveryMs: config.TALLY_RECOUNT_MS,
          })) {
            refresher.changed(accountId);
          }
        } catch (error) {
          log.warn({ err: error }, 'could not look for stale analytics rollups');
        }
      };
      await sweep();
      const sweeper = setInterval(() => void sweep(), config.ROLLUP_SWEEP_MS);
      return {
        stop: async () => {
          clearInterval(sweeper);
          await consumer.stop();
          await refresher.stop();
        },
      };
    },
  });
}
