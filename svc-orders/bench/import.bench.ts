/**
 * svc-orders benchmark (not a test): CSV import through the gateway against the driver, the
 * service's peak memory for 1,000 and 100,000 rows, a file of the seller's own layout imported by
 * the mapping sent with it (issue 39) against the same driver figure, and the dashboard calls at 100,000 orders
 * through the gateway against the same queries run with the driver. svc-orders and the gateway
 * run as child processes (bench/support.ts), svc-orders with the node flags of its package.json.
 *
 *   npm run bench -w svc-orders        (runs this, then reports.bench.ts)
 *   BENCH_ROWS=20000 BENCH_SAMPLES=3   a quicker run
 */
import mongoose from 'mongoose';
import { trackingEntrySortFields } from '@onvelope/contracts';
import { startInfra } from '@onvelope/infra';
import { startTestIssuer } from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import {
  driverQueriesOf,
  getAs,
  line,
  ordersFlagsLine,
  startGatewayFor,
  startOrdersApp,
  timeRuns,
  upload,
} from './support.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SMALL_ROWS = 1_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 7);

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const database = `bench_orders_${Date.now()}`;
const serviceEnv = {
  MONGO_URL: infra.mongoUrl,
  NATS_URL: infra.natsUrl,
  MONGO_DB: database,
  AUTH_JWKS_URL: issuer.url,
};
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: database }).asPromise();

try {
  // 1. Peak memory and rate: a fresh service per run, the file streamed through the gateway.
  const runs: { rows: number; seconds: number; idleMb: number; peakMb: number }[] = [];
  for (const rows of [SMALL_ROWS, ROWS]) {
    const orders = await startOrdersApp(serviceEnv);
    const gateway = await startGatewayFor(orders);
    try {
      const idleMb = await orders.memoryMb();
      const seconds = await upload(gateway.url, await issuer.merchantToken(`bench-${rows}`), rows);
      runs.push({ rows, seconds, idleMb, peakMb: await orders.memoryMb('VmHWM') });
      console.error(`[bench] imported ${rows} rows in ${seconds.toFixed(1)} s`);
    } finally {
      await gateway.stop();
      await orders.stop();
    }
  }

  // 1b. A layout of the seller's own, read by the mapping sent with it (issue 39): a fresh service.
  let mappedSeconds: number;
  {
    const orders = await startOrdersApp(serviceEnv);
    const gateway = await startGatewayFor(orders);
    try {
      const token = await issuer.merchantToken(`bench-mapped-${ROWS}`);
      mappedSeconds = await upload(gateway.url, token, ROWS, 'mixed', 'mapped');
      console.error(`[bench] imported ${ROWS} mapped rows in ${mappedSeconds.toFixed(1)} s`);
    } finally {
      await gateway.stop();
      await orders.stop();
    }
  }
  const mappedStored = await trackingEntryModel(db).countDocuments({
    accountId: `bench-mapped-${ROWS}`,
  });
  if (mappedStored !== ROWS) throw new Error(`the mapped import stored ${mappedStored} of ${ROWS}`);

  // 2. The same documents written straight with the driver: the entries the import stored, read
  // back whole, inserted in batches of 1,000 into a collection with the same indexes. Only the
  // inserts are timed.
  const model = trackingEntryModel(db);
  const direct = model.collection.conn.collection('tracking_entries_direct');
  for (const index of await model.collection.indexes()) {
    if (index.name === '_id_') continue;
    const { key, name: _name, v: _v, ...options } = index;
    await direct.createIndex(key, options);
  }
  const imported = await model.collection
    .find({ accountId: `bench-${ROWS}` })
    .sort({ _id: 1 })
    .toArray();
  if (imported.length !== ROWS) throw new Error(`read back ${imported.length} of ${ROWS} entries`);
  const directStarted = performance.now();
  for (let start = 0; start < ROWS; start += 1_000) {
    await direct.insertMany(imported.slice(start, start + 1_000), { ordered: false });
  }
  const directSeconds = (performance.now() - directStarted) / 1000;
  const [small, large] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const importRate = ROWS / large.seconds;
  const directRate = ROWS / directSeconds;

  // 3. The dashboard calls at ROWS orders: through the gateway against the driver.
  const orders = await startOrdersApp(serviceEnv);
  const gateway = await startGatewayFor(orders);
  const token = await issuer.merchantToken(`bench-${ROWS}`);
  const get = getAs(gateway.url, token);
  const driver = driverQueriesOf(db, `bench-${ROWS}`);
  const rowsOfQueries: {
    call: string;
    gateway: Awaited<ReturnType<typeof timeRuns>>;
    driver: Awaited<ReturnType<typeof timeRuns>>;
  }[] = [];
  try {
    for (const sortBy of trackingEntrySortFields) {
      rowsOfQueries.push({
        call: `list sortBy=${sortBy}`,
        gateway: await timeRuns(SAMPLES, () =>
          get(`/api/upload/tracking-entries?sortBy=${sortBy}&sortOrder=desc`),
        ),
        driver: await timeRuns(SAMPLES, () => driver.list(sortBy)),
      });
    }
    rowsOfQueries.push({
      call: 'summary',
      gateway: await timeRuns(SAMPLES, () => get('/api/upload/summary')),
      driver: await timeRuns(SAMPLES, driver.summary),
    });
    rowsOfQueries.push({
      call: 'search q=buyer4242',
      gateway: await timeRuns(SAMPLES, () => get('/api/upload/search?q=buyer4242')),
      driver: await timeRuns(SAMPLES, () => driver.search('buyer4242')),
    });
  } finally {
    await gateway.stop();
    await orders.stop();
  }

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  line();
  line(
    `svc-orders benchmark: ${ROWS.toLocaleString('en-US')} rows, MongoDB at ${infra.mongoUrl}, ${SAMPLES} samples per call`,
  );
  line(ordersFlagsLine());
  line();
  line('Import (CSV streamed through the gateway, a fresh svc-orders for each size)');
  line(
    `  ${'rows'.padEnd(10)}${pad('seconds', 10)}${pad('rows/s', 10)}${pad('idle RSS MB', 14)}${pad('peak RSS MB', 14)}`,
  );
  for (const run of runs) {
    line(
      `  ${String(run.rows).padEnd(10)}${pad(run.seconds.toFixed(1), 10)}${pad(Math.round(run.rows / run.seconds), 10)}` +
        `${pad(run.idleMb.toFixed(0), 14)}${pad(run.peakMb.toFixed(0), 14)}`,
    );
  }
  line(
    `  driver insertMany of the same ${ROWS} documents: ${directSeconds.toFixed(1)} s, ${Math.round(directRate)} rows/s`,
  );
  line(`  import / driver rate: ${(importRate / directRate).toFixed(2)} (target >= 0.5)`);
  line(
    `  a layout of its own with its mapping, ${ROWS} rows: ${mappedSeconds.toFixed(1)} s, ` +
      `${Math.round(ROWS / mappedSeconds)} rows/s, mapped import / driver rate: ` +
      `${(ROWS / mappedSeconds / directRate).toFixed(2)} (target >= 0.5)`,
  );
  line(
    `  peak RSS ${ROWS} rows - ${SMALL_ROWS} rows: ${(large.peakMb - small.peakMb).toFixed(0)} MB (target < 100 MB)`,
  );
  line();
  line(
    `Dashboard calls at ${ROWS} orders (ms; list: omitShipped=true, desc, limit 25; ` +
      'drv/gw = driver median / gateway median, the driver ratio, target >= 0.7 for every call)',
  );
  line(
    `  ${'call'.padEnd(30)}${pad('gw median', 11)}${pad('gw p95', 9)}${pad('drv median', 12)}${pad('drv p95', 9)}${pad('drv/gw', 8)}`,
  );
  const driverRatio = (q: (typeof rowsOfQueries)[number]) => q.driver.median / q.gateway.median;
  for (const q of rowsOfQueries) {
    line(
      `  ${q.call.padEnd(30)}${pad(q.gateway.median.toFixed(1), 11)}${pad(q.gateway.p95.toFixed(1), 9)}` +
        `${pad(q.driver.median.toFixed(1), 12)}${pad(q.driver.p95.toFixed(1), 9)}${pad(driverRatio(q).toFixed(2), 8)}`,
    );
  }
  line(
    `  lowest driver ratio: ${Math.min(...rowsOfQueries.map(driverRatio)).toFixed(2)} (target >= 0.7)`,
  );
} finally {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
  await issuer.close();
  await infra.stop();
}
