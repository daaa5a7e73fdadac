/**
 * Analytics at many sellers (issue 41): `BENCH_SELLERS` sellers (1,000) of `BENCH_ORDERS` orders
 * (1,000) each are taken in, then every order of every seller changes at once (processing and
 * shipped orders move one status on, with a carrier delivery for the delivered). Prints the facts
 * applied per second of both waves (until every rollup is current) and the CPU time svc-analytics
 * and the database server spent on each (less sensitive than the wall time to a loaded machine),
 * the six calls' p50/p95 through
 * the gateway while the change wave is taken in and once it has settled, and svc-analytics' peak
 * heap (prom-client's `nodejs_heap_size_used_bytes`, read every 250 ms) and peak RSS (VmHWM).
 *
 * Run: npm run bench -w svc-analytics   (both benches; prints tables, asserts nothing)
 *      BENCH_SELLERS=200 BENCH_ORDERS=200 node --conditions=source --import tsx bench/many-sellers.bench.ts
 */
import { jetstreamManager } from '@nats-io/jetstream';
import mongoose from 'mongoose';
import {
  MAX_ENTRIES_PER_EVENT,
  TRACKING_ENTRY_EVENT_VERSION,
  ordersStream,
  trackingEntryUpserted,
  type PayloadOf,
} from '@onvelope/contracts';
import { startInfra } from '@onvelope/infra';
import { connectNats, publishEvent } from '@onvelope/service-kit/nats';
import { readFile } from 'node:fs/promises';
import {
  line,
  percentile,
  processCpuMs,
  startApp,
  startTestIssuer,
  type BenchApp,
} from '@onvelope/testkit';
import { rollupModel } from '../src/data/rollup.model.js';
import { dirtyAccounts } from '../src/use-cases/refresh-rollup.js';

type Change = PayloadOf<typeof trackingEntryUpserted>['changes'][number];

const SELLERS = Number(process.env.BENCH_SELLERS ?? 1_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000);
/** Messages in flight while publishing: enough to keep the consumer busy, not the whole wave. */
const PUBLISHING = 16;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const DATABASE = 'bench_analytics_many';

const countries = ['GB', 'GB', 'GB', 'US', 'DE', 'FR', 'IE', 'NL', 'ES', 'AU', 'CA', 'IT'];
const couriers = ['Royal Mail', 'DHL', 'UPS', 'Evri', 'DPD', 'Yodel', 'FedEx'];
const products = Array.from({ length: 40 }, (_, i) => `Product ${i + 1}`);
/** The first wave's statuses, and what the change wave moves each to. */
const statuses = ['pending', 'processing', 'shipped', 'shipped', 'delivered', 'cancelled'];
const nextStatus: Record<string, string> = {
  pending: 'processing',
  processing: 'shipped',
  shipped: 'delivered',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/** Order i of a seller, over two years, a third of buyers returning; `wave` 2 is its change. */
function changeOf(seller: string, i: number, wave: 1 | 2, now: number): Change {
  const first = statuses[i % statuses.length]!;
  const status = wave === 1 ? first : nextStatus[first]!;
  const shipped = status === 'shipped' || status === 'delivered';
  const orderDate = new Date(now - ((i * 7919) % (730 * 24)) * HOUR - (i % 60) * 60_000);
  const shippedAt = new Date(orderDate.getTime() + 2 * DAY);
  return {
    entryId: `${seller}-${i}`,
    orderNumber: `#${100_000 + i}`,
    status,
    source: 'csv',
    orderDate: orderDate.toISOString(),
    shippingCountry: countries[i % countries.length]!,
    itemTotal: 5 + (i % 95),
    currency: i % 10 === 0 ? 'USD' : 'GBP',
    version: wave,
    changedAt: new Date(now).toISOString(),
    items: [
      { name: products[i % products.length]!, imageUrl: null, quantity: 1 + (i % 3), price: null },
    ],
    customerEmail: `buyer${i % Math.ceil(ORDERS / 3)}@example.test`,
    customerName: `Buyer ${i}`,
    courier: shipped ? couriers[i % couriers.length]! : null,
    shippedAt: shipped ? shippedAt.toISOString() : null,
    trackingNumber: shipped ? `BENCH${i}` : null,
    carrierStatus: shipped ? (status === 'delivered' ? 'delivered' : 'in_transit') : null,
    deliveredAt:
      status === 'delivered'
        ? new Date(shippedAt.getTime() + (12 + ((i * 37) % 150)) * HOUR).toISOString()
        : null,
    estimatedDeliveryAt: shipped
      ? `${new Date(shippedAt.getTime() + 3 * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`
      : null,
  };
}

const sellerOf = (n: number) => `many-seller-${n}`;

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const nats = await connectNats(infra.natsUrl, 'analytics-many-bench');
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: DATABASE }).asPromise();
const rollups = rollupModel(db);
let analytics: BenchApp | undefined;
let gateway: BenchApp | undefined;

/** True once svc-analytics has handled every event and no rollup waits for its refresh. */
async function isSettled() {
  const jsm = await jetstreamManager(nats);
  const info = await jsm.consumers.info(ordersStream.name, 'svc-analytics-entry-changes');
  if (info.num_pending + info.num_ack_pending > 0) return false;
  return (await dirtyAccounts(rollups)).length === 0;
}

async function settled() {
  while (!(await isSettled())) await new Promise((resolve) => setTimeout(resolve, 250));
}

/** Publishes one wave: every seller's orders, in messages of up to `MAX_ENTRIES_PER_EVENT`. */
async function publishWave(wave: 1 | 2) {
  const now = Date.now();
  const messages: (() => Promise<unknown>)[] = [];
  for (let n = 0; n < SELLERS; n += 1) {
    const seller = sellerOf(n);
    for (let first = 0; first < ORDERS; first += MAX_ENTRIES_PER_EVENT) {
      messages.push(() =>
        publishEvent(
          nats,
          trackingEntryUpserted,
          {
            eventVersion: TRACKING_ENTRY_EVENT_VERSION,
            accountId: seller,
            changes: Array.from(
              { length: Math.min(MAX_ENTRIES_PER_EVENT, ORDERS - first) },
              (_, i) => changeOf(seller, first + i, wave, now),
            ),
          },
          `${seller}-${wave}-${first}`,
        ),
      );
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHING }, async () => {
      while (next < messages.length) await messages[next++]!();
    }),
  );
}

const calls = [
  ['countries', '/api/analytics/countries'],
  ['popular-items', '/api/analytics/popular-items?limit=20'],
  ['revenue-trends', '/api/analytics/revenue-trends?period=daily&days=365'],
  ['customer-behavior', '/api/analytics/customer-behavior'],
  ['shipping-performance', '/api/analytics/shipping-performance'],
  ['peak-times', '/api/analytics/peak-times?days=365'],
] as const;

/** Times the six calls, each of a seller picked in turn, until `done` says so. */
async function timeCalls(tokens: string[], done: () => boolean, atLeast: number) {
  const times = new Map<string, number[]>(calls.map(([name]) => [name, []]));
  for (let round = 0; round < atLeast || !done(); round += 1) {
    const token = tokens[round % tokens.length]!;
    for (const [name, path] of calls) {
      const started = performance.now();
      const response = await fetch(`${gateway!.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
      times.get(name)!.push(performance.now() - started);
    }
  }
  return times;
}

/** The highest heap in use svc-analytics reported, sampled until stopped. */
function watchHeap(app: BenchApp) {
  let peak = 0;
  const timer = setInterval(() => {
    fetch(`${app.url}/metrics`)
      .then((response) => response.text())
      .then((text) => {
        const used = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\d+(?:\.\d+)?)/m.exec(text);
        if (used) peak = Math.max(peak, Number(used[1]));
      })
      .catch(() => undefined);
  }, 250);
  return {
    peakMb: () => peak / 1024 / 1024,
    stop: () => clearInterval(timer),
  };
}

/**
 * The database server this bench started (a child of this process): its CPU time, with
 * svc-analytics', is what a wave cost, which the wall time on a shared machine says poorly.
 */
async function databasePid(): Promise<number | undefined> {
  const children = await readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8');
  for (const pid of children.trim().split(' ').map(Number)) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (/mongo-java-server|mongod/.test(command)) return pid;
  }
  return undefined;
}

const ms = (value: number) => value.toFixed(1).padStart(8);
const count = (value: number) => Math.round(value).toLocaleString('en-GB');

try {
  analytics = await startApp('svc-analytics', {
    MONGO_URL: infra.mongoUrl,
    NATS_URL: infra.natsUrl,
    MONGO_DB: DATABASE,
    AUTH_JWKS_URL: issuer.url,
    // No svc-auth runs here: every recount would warn that the seller's time zone is unavailable.
    LOG_LEVEL: 'error',
  });
  gateway = await startApp('gateway', {
    ANALYTICS_SERVICE_URL: analytics.url,
    AUTH_JWKS_URL: issuer.url,
    SERVE_FRONTENDS: 'false',
  });
  const heap = watchHeap(analytics);
  const facts = SELLERS * ORDERS;
  line(`# svc-analytics at ${count(SELLERS)} sellers of ${count(ORDERS)} orders`);
  line();
  const database = await databasePid();
  /** CPU seconds of svc-analytics and of the database server so far. */
  const cpu = async () => ({
    analytics: (await analytics!.cpuMs()) / 1000,
    database: database === undefined ? Number.NaN : (await processCpuMs(database)) / 1000,
  });
  const row = async (wave: string, started: number, cpuBefore: Awaited<ReturnType<typeof cpu>>) => {
    const took = (performance.now() - started) / 1000;
    const cpuAfter = await cpu();
    line(
      `| ${wave} | ${count(facts)} | ${took.toFixed(1)} | ${count(facts / took)} | ` +
        `${(cpuAfter.analytics - cpuBefore.analytics).toFixed(1)} | ${(cpuAfter.database - cpuBefore.database).toFixed(1)} |`,
    );
  };
  line('| wave | facts | took (s) | facts applied/s | svc-analytics CPU (s) | database CPU (s) |');
  line('|---|---:|---:|---:|---:|---:|');
  let started = performance.now();
  let cpuBefore = await cpu();
  await publishWave(1);
  await settled();
  await row('every order new', started, cpuBefore);

  const sampled = Array.from({ length: Math.min(SELLERS, 20) }, (_, n) =>
    sellerOf(Math.floor((n * SELLERS) / Math.min(SELLERS, 20))),
  );
  const tokens = await Promise.all(sampled.map((seller) => issuer.merchantToken(seller)));
  started = performance.now();
  cpuBefore = await cpu();
  let waveDone = false;
  const wave = publishWave(2)
    .then(settled)
    .then(() => {
      waveDone = true;
    });
  const duringWave = await timeCalls(tokens, () => waveDone, 5);
  await wave;
  await row('every order changed', started, cpuBefore);

  const idle = await timeCalls(tokens, () => true, 20);
  line();
  line(
    '| call | p50 during changes (ms) | p95 during changes (ms) | p50 settled (ms) | p95 settled (ms) |',
  );
  line('|---|---:|---:|---:|---:|');
  for (const [name] of calls) {
    const busy = duringWave.get(name)!;
    const quiet = idle.get(name)!;
    line(
      `| ${name} | ${ms(percentile(busy, 50))} | ${ms(percentile(busy, 95))} | ${ms(percentile(quiet, 50))} | ${ms(percentile(quiet, 95))} |`,
    );
  }
  heap.stop();
  line();
  line(
    `svc-analytics peak heap used ${heap.peakMb().toFixed(0)} MB, peak RSS ${(await analytics.memoryMb('VmHWM')).toFixed(0)} MB; ` +
      `${duringWave.get('countries')!.length} rounds of calls during the change wave`,
  );
} finally {
  await gateway?.stop();
  await analytics?.stop();
  await issuer.close();
  await nats.close();
  await db.close();
  await infra.stop();
}
