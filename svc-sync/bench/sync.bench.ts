/**
 * svc-sync benchmark (not a test): a first sync of 10,000 orders from the store-front simulator,
 * then two stores synced at once by one worker and by two workers (replicas). Prints orders/s,
 * pages/s, peak RSS of this process (svc-orders and every svc-sync replica; the simulator runs
 * in a process of its own) and where a job's time went: blocked on the store-front's pages vs the rest.
 *
 *   npm run bench -w svc-sync
 *   BENCH_ORDERS=2000 BENCH_PAGE_DELAY_MS=0 npm run bench -w svc-sync     (quicker, no latency)
 *
 * BENCH_PAGE_DELAY_MS (default 100) is the simulator's answer time per orders page, standing in
 * for the real API across the internet; with 0 the figures show our own processing cost.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import mongoose from 'mongoose';
import { freePort, startInfra } from '@onvelope/infra';
import { answerAuthorization, connectStoreFrontSimAdmin } from '@onvelope/storefront-sim';
import { startOrdersService } from '@onvelope/svc-orders';
import { startTestIssuer } from '@onvelope/testkit';
import { startSyncService, type StoreFrontClient } from '../src/index.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PAGE_DELAY_MS = Number(process.env.BENCH_PAGE_DELAY_MS ?? 100);

const infra = await startInfra({ parts: ['mongo', 'nats'], log: () => undefined });
// The simulator runs in its own process, as the store-front would: in this one its page rendering
// would take turns with our processing on one event loop and blur what is measured.
const simPort = await freePort();
const simMain = createRequire(import.meta.url)
  .resolve('@onvelope/storefront-sim')
  .replace(/index\.(ts|js)$/, 'main.$1');
const simProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', simMain], {
  env: {
    ...process.env,
    STOREFRONT_SIM_PORT: String(simPort),
    STOREFRONT_SIM_ORDERS: `${ORDERS},${ORDERS}`,
    STOREFRONT_SIM_SEED: '3',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
for await (const line of createInterface({ input: simProcess.stdout! })) {
  if (line.includes('listening')) break;
}
const simUrl = `http://127.0.0.1:${simPort}`;
const sim = {
  ...connectStoreFrontSimAdmin(simUrl),
  url: simUrl,
  authorizeUrl: `${simUrl}/oauth/authorize`,
  clientId: 'onvelope-dev',
  clientSecret: 'onvelope-dev-secret',
};
if (PAGE_DELAY_MS > 0) await sim.setFaults({ delay: { ms: PAGE_DELAY_MS, match: '/orders' } });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const base = {
  PORT: '0',
  LOG_LEVEL: 'silent',
  MONGO_URL: infra.mongoUrl,
  NATS_URL: infra.natsUrl,
  AUTH_JWKS_URL: issuer.url,
};
const orders = await startOrdersService({ ...base, MONGO_DB: 'bench_orders' });
const syncEnv = {
  ...base,
  MONGO_DB: 'bench_sync',
  BIGCARTEL_API_URL: sim.url,
  BIGCARTEL_AUTHORIZE_URL: sim.authorizeUrl,
  BIGCARTEL_CLIENT_ID: sim.clientId,
  BIGCARTEL_CLIENT_SECRET: sim.clientSecret,
  STORE_FRONT_PAGE_LIMIT: '100',
  // The per-store limit is not what is measured here.
  STORE_FRONT_RATE_PER_SECOND: '1000',
  STORE_FRONT_BURST: '100',
  SYNC_CONCURRENCY: '1',
};
const clients: StoreFrontClient[] = [];
const startReplica = () =>
  startSyncService(syncEnv, {
    client: (client) => {
      clients.push(client);
      return client;
    },
  });
const syncDb = await mongoose
  .createConnection(infra.mongoUrl, { dbName: 'bench_sync' })
  .asPromise();

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function call(url: string, token: string, method = 'GET') {
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as Record<string, unknown>;
}

/** Connects a store to a fresh seller through the OAuth screens; answers the connection id. */
async function connect(serviceUrl: string, sellerId: string, storeAccountId: string) {
  const token = await issuer.merchantToken(sellerId);
  const { authUrl } = (await call(`${serviceUrl}/api/bigcartel/connect`, token)) as {
    authUrl: string;
  };
  const back = await answerAuthorization(authUrl, storeAccountId, 'approve');
  await fetch(`${serviceUrl}/api/bigcartel/callback${back.search}`, { redirect: 'manual' });
  const { connections } = (await call(`${serviceUrl}/api/bigcartel/connections`, token)) as {
    connections: { id: string }[];
  };
  return { token, connectionId: connections[0]!.id };
}

interface Row {
  scenario: string;
  orders: number;
  pages: number;
  seconds: number;
  waitingShare: number;
  busyShare: number;
  peakRssMb: number;
}

async function scenario(name: string, workers: number, storeIds: string[]): Promise<Row> {
  const replicas = [];
  const firstClient = clients.length;
  for (let i = 0; i < workers; i += 1) replicas.push(await startReplica());
  const api = replicas[0]!.url;
  const runs = await Promise.all(
    storeIds.map((storeId, i) => connect(api, `bench-${name}-${i}`, storeId)),
  );
  peakRss = process.memoryUsage().rss;
  const started = Date.now();
  await Promise.all(
    runs.map((run) =>
      call(`${api}/api/bigcartel/connections/${run.connectionId}/sync-all`, run.token, 'POST'),
    ),
  );
  for (const run of runs) {
    for (;;) {
      const progress = await call(
        `${api}/api/bigcartel/connections/${run.connectionId}/sync-progress`,
        run.token,
      );
      if (!progress.isCurrentlySyncing) {
        if (progress.syncStatus !== 'completed') throw new Error(JSON.stringify(progress));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const jobs = await syncDb
    .collection('sync_jobs')
    .find({ connectionId: { $in: runs.map((run) => run.connectionId) } })
    .toArray();
  const synced = jobs.reduce((sum, job) => sum + job.progress.syncedCount, 0);
  const pages = jobs.reduce((sum, job) => sum + job.progress.pagesProcessed, 0);
  // Of each job's own running time, the share its page loop sat waiting for the store-front.
  const busyMs = jobs.reduce(
    (sum, job) => sum + (job.finishedAt.getTime() - job.startedAt.getTime()),
    0,
  );
  const waitMs = jobs.reduce((sum, job) => sum + job.timings.storeFrontWaitMs, 0);
  // The share of it with a store-front request in flight (pages are fetched ahead, so the
  // store-front works while we save the previous page).
  const httpMs = clients.slice(firstClient).reduce((sum, client) => sum + client.stats().httpMs, 0);
  for (const replica of replicas) await replica.close();
  if (synced !== ORDERS * storeIds.length) throw new Error(`synced ${synced} orders`);
  return {
    scenario: name,
    orders: synced,
    pages,
    seconds,
    waitingShare: waitMs / busyMs,
    busyShare: httpMs / busyMs,
    peakRssMb: peakRss / 2 ** 20,
  };
}

const [one, two] = (await sim.listStores()).map((store) => store.accountId) as [string, string];
const rows = [
  await scenario('first sync, 1 store, 1 worker', 1, [one]),
  await scenario('2 stores at once, 1 worker', 1, [one, two]),
  await scenario('2 stores at once, 2 workers', 2, [one, two]),
];
clearInterval(sampler);

const http = clients.reduce(
  (sum, client) => {
    const stats = client.stats();
    return { requests: sum.requests + stats.requests, retries: sum.retries + stats.retries };
  },
  { requests: 0, retries: 0 },
);
const pad = (value: string, width: number) => value.padEnd(width);
const lines = [
  `svc-sync bench: ${ORDERS} orders per store, 100 per page, simulator answers a page in +${PAGE_DELAY_MS} ms`,
  '',
  `${pad('scenario', 32)}${pad('orders', 8)}${pad('pages', 7)}${pad('seconds', 9)}${pad('orders/s', 10)}${pad('pages/s', 9)}${pad('store-front busy', 18)}${pad('loop blocked on it', 20)}peak RSS`,
  ...rows.map(
    (row) =>
      `${pad(row.scenario, 32)}${pad(String(row.orders), 8)}${pad(String(row.pages), 7)}${pad(row.seconds.toFixed(1), 9)}${pad((row.orders / row.seconds).toFixed(0), 10)}${pad((row.pages / row.seconds).toFixed(1), 9)}${pad(`${(row.busyShare * 100).toFixed(0)}%`, 18)}${pad(`${(row.waitingShare * 100).toFixed(0)}%`, 20)}${row.peakRssMb.toFixed(0)} MB`,
  ),
  '',
  `scale-out (2 stores): 2 workers are ${(rows[1]!.seconds / rows[2]!.seconds).toFixed(2)}x as fast as 1`,
  `store-front requests: ${http.requests} (${http.retries} retried)`,
  "store-front busy: time with a store-front request in flight, over the jobs' running time;",
  'loop blocked on it: time the page loop waited for a page it had not received yet.',
  'peak RSS is this process: svc-orders and the svc-sync replicas (the simulator runs apart).',
];
process.stdout.write(`${lines.join('\n')}\n`);

await orders.close();
await syncDb.close();
simProcess.kill('SIGTERM');
await once(simProcess, 'exit');
await issuer.close();
await infra.stop();
