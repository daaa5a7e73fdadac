import { loadConfig } from '@onvelope/service-kit/config';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectNats } from '@onvelope/service-kit/nats';
import { connectDatabase } from '@onvelope/service-kit/mongo';
import { configSchema } from './config.js';
import { orderFactModel } from './data/order-fact.model.js';
import { rollupModel } from './data/rollup.model.js';
import { calendarCache } from './domain/calendar.js';
import { rebuildAnalytics } from './use-cases/rebuild-analytics.js';
import { sellerTimeZoneOf } from './use-cases/seller-time-zone.js';

/** `npm run rebuild -w svc-analytics`: facts and rollups made again from the orders stream. */
const config = loadConfig(configSchema, process.env);
const log = createLogger('svc-analytics-rebuild', config.LOG_LEVEL);
const db = await connectDatabase(config.MONGO_URL, config.MONGO_DB);
const nats = await connectNats(config.NATS_URL, 'svc-analytics-rebuild');
try {
  const facts = orderFactModel(db);
  const rollups = rollupModel(db);
  await Promise.all([facts.syncIndexes(), rollups.syncIndexes()]);
  const report = await rebuildAnalytics(
    {
      facts,
      rollups,
      calendarFor: calendarCache(),
      timeZoneOf: sellerTimeZoneOf(nats, config.AUTH_TIMEOUT_MS),
      nats,
      log,
    },
    (done, total) => process.stdout.write(`replayed ${done} of at most ${total} messages\n`),
  );
  process.stdout.write(
    `rebuilt analytics of ${report.accounts} sellers from ${report.messages} messages ` +
      `(${report.skipped} skipped) in ${report.replayMs} ms, rollups in ${report.rollupMs} ms\n`,
  );
} finally {
  await nats.close();
  await db.close();
}
