/**
 * Analytics benchmark (issue 12): for sellers with 1,000 and 100,000 orders, how fast svc-analytics
 * takes in their orders events (facts and rollup, changes per second), the p50/p95 of each call
 * through the gateway (the six of the spec and the delivery times of issue 33, with the figures it
 * gives the larger seller), and how long a rebuild from the orders stream takes. svc-analytics
 * and the gateway run as child processes from their sources against a fresh in-memory
 * MongoDB-compatible server and NATS.
 *
 * Run: npm run bench -w svc-analytics   (prints tables, asserts nothing)
 */
import { jetstreamManager } from '@nats-io/jetstream';
import mongoose from 'mongoose';
import {
  DEFAULT_TIME_ZONE,
  MAX_ENTRIES_PER_EVENT,
  TRACKING_ENTRY_EVENT_VERSION,
  ordersStream,
  trackingEntryUpserted,
  type DeliveryTimesResponse,
  type PayloadOf,
} from '@onvelope/contracts';
import { startInfra } from '@onvelope/infra';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectNats, publishEvent } from '@onvelope/service-kit/nats';
import { line, percentile, startApp, startTestIssuer, type BenchApp } from '@onvelope/testkit';
import { orderFactModel } from '../src/data/order-fact.model.js';
import { rollupModel } from '../src/data/rollup.model.js';
import { calendarCache } from '../src/domain/calendar.js';
import { rebuildAnalytics } from '../src/use-cases/rebuild-analytics.js';
import { dirtyAccounts } from '../src/use-cases/refresh-rollup.js';

type Change = PayloadOf<typeof trackingEntryUpserted>['changes'][number];

const SIZES = [1_000, 100_000];
const SAMPLES = 60;
const WARM_UP = 20;
const DAY = 86_400_000;
const DATABASE = 'bench_analytics';

const statuses = ['pending', 'processing', 'shipped', 'shipped', 'delivered', 'cancelled'];
const countries = ['GB', 'GB', 'GB', 'US', 'DE', 'FR', 'IE', 'NL', 'ES', 'AU', 'CA', 'IT'];
const couriers = ['Royal Mail', 'DHL', 'UPS', 'Evri', 'DPD', 'Yodel', 'FedEx'];
const products = Array.from({ length: 40 }, (_, i) => `Product ${i + 1}`);

/** Order i of a seller with `size` orders: spread over two years, a third of buyers returning. */
function changeOf(seller: string, size: number, i: number, now: number): Change {
  const status = statuses[i % statuses.length]!;
  const shipped = status === 'shipped' || status === 'delivered';
  const orderDate = new Date(now - ((i * 7919) % (730 * 24)) * 3_600_000 - (i % 60) * 60_000);
  const shippedAt = new Date(orderDate.getTime() + 2 * DAY);
  return {
    entryId: `${seller}-${i}`,
    orderNumber: `#${100_000 + i}`,
    status,
    source: 'csv',
    orderDate: orderDate.toISOString(),
    shippingCountry: countries[i % countries.length]!,
    itemTotal: 5 + (i % 95),
    version: 1,
    changedAt: new Date(now).toISOString(),
    items: [
      { name: products[i % products.length]!, imageUrl: null, quantity: 1 + (i % 3), price: null },
      ...(i % 4 === 0
        ? [{ name: products[(i * 7) % products.length]!, imageUrl: null, quantity: 1, price: 4 }]
        : []),
    ],
    customerEmail: `buyer${i % Math.ceil(size / 3)}@example.test`,
    customerName: `Buyer ${i}`,
    courier: shipped ? couriers[i % couriers.length]! : null,
    shippedAt: shipped ? shippedAt.toISOString() : null,
    // Live tracking (event version 3): the carrier's estimate, and its delivery of the delivered.
    trackingNumber: shipped ? `BENCH${i}` : null,
    carrierStatus: shipped ? (status === 'delivered' ? 'delivered' : 'in_transit') : null,
    deliveredAt:
      status === 'delivered'
        ? new Date(shippedAt.getTime() + (12 + ((i * 37) % 150)) * 3_600_000).toISOString()
        : null,
    estimatedDeliveryAt: shipped
      ? `${new Date(shippedAt.getTime() + 3 * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`
      : null,
  };
}

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const nats = await connectNats(infra.natsUrl, 'analytics-bench');
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: DATABASE }).asPromise();
let analytics: BenchApp | undefined;
let gateway: BenchApp | undefined;

/** Waits until svc-analytics has handled every event and computed every rollup after it. */
async function settled() {
  const jsm = await jetstreamManager(nats);
  for (;;) {
    const info = await jsm.consumers.info(ordersStream.name, 'svc-analytics-entry-changes');
    const busy = info.num_pending + info.num_ack_pending > 0;
    if (!busy && (await dirtyAccounts(rollupModel(db))).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ingest(seller: string, size: number) {
  const now = Date.now();
  const started = performance.now();
  for (let first = 0; first < size; first += MAX_ENTRIES_PER_EVENT) {
    const changes = Array.from({ length: Math.min(MAX_ENTRIES_PER_EVENT, size - first) }, (_, n) =>
      changeOf(seller, size, first + n, now),
    );
    await publishEvent(
      nats,
      trackingEntryUpserted,
      { eventVersion: TRACKING_ENTRY_EVENT_VERSION, accountId: seller, changes },
      `${seller}-${first}`,
    );
  }
  await settled();
  return performance.now() - started;
}

const calls = [
  ['countries', '/api/analytics/countries'],
  ['popular-items', '/api/analytics/popular-items?limit=20'],
  ['revenue-trends', '/api/analytics/revenue-trends?period=daily&days=365'],
  ['customer-behavior', '/api/analytics/customer-behavior'],
  ['shipping-performance', '/api/analytics/shipping-performance'],
  ['peak-times', '/api/analytics/peak-times?days=365'],
  ['delivery-times', '/api/analytics/delivery-times?days=365'],
] as const;

async function timeCall(url: string, token: string) {
  const run = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < WARM_UP; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => value.toFixed(1).padStart(8);

try {
  analytics = await startApp('svc-analytics', {
    MONGO_URL: infra.mongoUrl,
    NATS_URL: infra.natsUrl,
    MONGO_DB: DATABASE,
    AUTH_JWKS_URL: issuer.url,
  });
  gateway = await startApp('gateway', {
    ANALYTICS_SERVICE_URL: analytics.url,
    AUTH_JWKS_URL: issuer.url,
    SERVE_FRONTENDS: 'false',
  });

  line('# svc-analytics benchmark');
  line(
    `one seller at a time; ${SAMPLES} timed calls each through the gateway after ${WARM_UP} warm-up calls`,
  );
  line();
  line('| orders | ingest (s) | changes/s |');
  line('|---:|---:|---:|');
  // A first small seller warms the consumer, so the figures below are of a running service.
  await ingest('bench-warm-up', 100);
  for (const size of SIZES) {
    const took = await ingest(`bench-seller-${size}`, size);
    line(
      `| ${size.toLocaleString('en-GB')} | ${(took / 1000).toFixed(1)} | ${Math.round(size / (took / 1000)).toLocaleString('en-GB')} |`,
    );
  }
  // Calls are timed once both sellers are in, so both sizes meet the same warm process.
  const latencies = new Map<number, Map<string, { p50: number; p95: number }>>();
  for (const size of SIZES) {
    const token = await issuer.merchantToken(`bench-seller-${size}`);
    const bySize = new Map<string, { p50: number; p95: number }>();
    for (const [name, path] of calls) {
      bySize.set(name, await timeCall(`${gateway.url}${path}`, token));
    }
    latencies.set(size, bySize);
  }
  line();
  line('| call | p50 1k (ms) | p95 1k (ms) | p50 100k (ms) | p95 100k (ms) | p95 100k / 1k |');
  line('|---|---:|---:|---:|---:|---:|');
  for (const [name] of calls) {
    const small = latencies.get(SIZES[0]!)!.get(name)!;
    const large = latencies.get(SIZES[1]!)!.get(name)!;
    line(
      `| ${name} | ${ms(small.p50)} | ${ms(small.p95)} | ${ms(large.p50)} | ${ms(large.p95)} | ${(large.p95 / small.p95).toFixed(2)} |`,
    );
  }

  // What the delivery times panel shows of the largest seller: computed in the rollup like the rest.
  const largest = SIZES.at(-1)!;
  const answer = (await (
    await fetch(`${gateway.url}/api/analytics/delivery-times?days=365`, {
      headers: { authorization: `Bearer ${await issuer.merchantToken(`bench-seller-${largest}`)}` },
    })
  ).json()) as DeliveryTimesResponse;
  const { overall, byCarrier, byCountry } = answer.data;
  line();
  line(
    `delivery times of the ${largest.toLocaleString('en-GB')}-order seller over 365 days: ` +
      `${overall.delivered.toLocaleString('en-GB')} carrier deliveries, median ${overall.medianDays} days, ` +
      `p90 ${overall.p90Days} days, on time ${overall.onTimeShare}% of ${overall.withEstimate.toLocaleString('en-GB')} ` +
      `with an estimate; ${byCarrier.length} carriers and ${byCountry.length} countries listed`,
  );

  // The rebuild runs beside the service, as an operator would run it.
  const total = SIZES.reduce((sum, size) => sum + size, 100);
  const report = await rebuildAnalytics({
    facts: orderFactModel(db),
    rollups: rollupModel(db),
    calendarFor: calendarCache(),
    timeZoneOf: () => Promise.resolve(DEFAULT_TIME_ZONE),
    nats,
    log: createLogger('analytics-bench', 'warn'),
  });
  line();
  line(
    `rebuild of ${total.toLocaleString('en-GB')} orders (${report.messages} messages, ` +
      `${report.accounts} sellers): replay ${(report.replayMs / 1000).toFixed(1)} s, ` +
      `rollups ${(report.rollupMs / 1000).toFixed(1)} s`,
  );
} finally {
  await gateway?.stop();
  await analytics?.stop();
  await issuer.close();
  await nats.close();
  await db.close();
  await infra.stop();
}
