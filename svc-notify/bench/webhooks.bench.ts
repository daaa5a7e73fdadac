/**
 * Issue 35's webhook benchmark (not a test): seller A's 10,000 order events fan out to 3 endpoints
 * while seller B uses the dashboard. svc-orders, svc-notify and the gateway run as child processes
 * from their sources on one MongoDB-compatible server and NATS; the 3 endpoints are HTTP servers in
 * a process of their own on 127.0.0.1 (answering 200 at once). A's events are published as
 * svc-orders publishes an import's (`orders.entries.upserted`, 100 changes a message), so the load
 * measured is the webhooks' alone. Prints deliveries/s, deliveries lost and twice (target: none),
 * B's dashboard p95 idle and meanwhile (target: within 1.5× idle), the database's own read latency
 * beside it, and the burst's wall-clock bounds (to read each process's CPU from /proc over them).
 *
 *   npm run bench -w svc-notify
 *   BENCH_WEBHOOK_EVENTS=2000     a quicker run
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import {
  TRACKING_ENTRY_EVENT_VERSION,
  trackingEntryUpserted,
  type PayloadOf,
} from '@onvelope/contracts';
import { startInfra } from '@onvelope/infra';
import { connectNats, publishEvent } from '@onvelope/service-kit/nats';
import {
  count,
  line,
  percentile,
  startApp,
  startTestIssuer,
  type BenchApp,
} from '@onvelope/testkit';
import type { ReceiverReport } from './receivers.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const ENDPOINTS = 3;
const PER_MESSAGE = 100;
const B_ORDERS = 1_000;
const IDLE_ROUNDS = Number(process.env.BENCH_SAMPLES ?? 80);
const ROUND_MS = 250;
/** How long the deliveries may take before the rest count as lost. */
const WAIT_MS = Number(process.env.BENCH_WEBHOOK_WAIT_MS ?? 15 * 60_000);
const dashboardCalls = ['/api/upload/tracking-entries', '/api/upload/summary'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The endpoints, in a process of their own: receiving 30,000 posts is not B's browser's work. */
function startReceivers() {
  const child = fork(
    fileURLToPath(new URL('./receivers.ts', import.meta.url)),
    [String(ENDPOINTS)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  let last: ReceiverReport | undefined;
  const ports = new Promise<number[]>((resolve) =>
    child.on('message', (message: ReceiverReport | { ports: number[] }) => {
      if ('ports' in message) resolve(message.ports);
      else last = message;
    }),
  );
  return {
    ports,
    report: async () => {
      child.send('report');
      const before = last;
      while (last === before) await sleep(20);
      return last!;
    },
    /** The receiver on `port` verifies with `secret` from now on. */
    secret: (port: number, secret: string) => child.send({ port, secret }),
    stop: () => child.kill(),
  };
}

/** GET as seller B through the gateway; answers the milliseconds it took. */
function timedGet(gatewayUrl: string, token: string) {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port } = new URL(gatewayUrl);
  return (path: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const call = request(
        {
          agent,
          hostname,
          port,
          path,
          headers: { authorization: `Bearer ${token}` },
          // A call that hangs fails the run rather than stalling it.
          timeout: 120_000,
        },
        (answer) => {
          answer.resume();
          answer.once('end', () => {
            if (answer.statusCode !== 200)
              reject(new Error(`${path} answered ${answer.statusCode}`));
            else resolve(performance.now() - started);
          });
        },
      );
      call.once('error', reject);
      call.once('timeout', () => call.destroy(new Error(`${path} took over 120 s`)));
      call.end();
    });
}

/** B's orders, imported through the gateway as the upload screen does. */
async function importOrders(gatewayUrl: string, token: string, rows: number) {
  const header =
    'orderNumber,firstName,lastName,email,postcode,status,orderDate,itemTotal,shippingCountry\n';
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `B${1000 + i},Buyer,${i},buyer${i}@example.com,SW1A 1AA,pending,2026-11-01,${10 + (i % 50)},GB`,
  );
  const form = new FormData();
  form.append('csvFile', new Blob([header + lines.join('\n')], { type: 'text/csv' }), 'orders.csv');
  const answer = await fetch(`${gatewayUrl}/api/upload/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!answer.ok) throw new Error(`B's import answered ${answer.status}: ${await answer.text()}`);
}

type Change = PayloadOf<typeof trackingEntryUpserted>['changes'][number];
const createdChange = (i: number): Change => ({
  entryId: randomUUID(),
  orderNumber: `A${10_000 + i}`,
  status: 'pending',
  source: 'csv',
  orderDate: '2026-11-20T00:00:00.000Z',
  shippingCountry: 'GB',
  itemTotal: 25,
  version: 1,
  changedAt: new Date().toISOString(),
  items: [{ name: 'Canvas tote bag', imageUrl: null, quantity: 1, price: 25 }],
  customerEmail: `buyer-${i}@example.com`,
  customerName: `Buyer ${i}`,
});

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const nats = await connectNats(infra.natsUrl, 'webhooks-bench');
const receivers = startReceivers();
const stamp = Date.now();
const baseEnv = { MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, AUTH_JWKS_URL: issuer.url };
const apps: BenchApp[] = [];
const probe = mongoose.createConnection(infra.mongoUrl, {
  dbName: `bench_webhooks_probe_${stamp}`,
});

try {
  const orders = await startApp('svc-orders', {
    ...baseEnv,
    MONGO_DB: `bench_webhooks_orders_${stamp}`,
  });
  apps.push(orders);
  const notify = await startApp('svc-notify', {
    ...baseEnv,
    MONGO_DB: `bench_webhooks_notify_${stamp}`,
  });
  apps.push(notify);
  const gateway = await startApp('gateway', {
    ORDERS_SERVICE_URL: orders.url,
    NOTIFY_SERVICE_URL: notify.url,
    SERVE_FRONTENDS: 'false',
  });
  apps.push(gateway);

  const sellerA = `bench-webhooks-${stamp}`;
  const [tokenA, tokenB] = await Promise.all([
    issuer.merchantToken(sellerA),
    issuer.merchantToken(`bench-dashboard-${stamp}`),
  ]);
  await importOrders(gateway.url, tokenB, B_ORDERS);
  for (const port of await receivers.ports) {
    const answer = await fetch(`${gateway.url}/api/notify/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['order.created'] }),
    });
    if (answer.status !== 201) throw new Error(`endpoint answered ${answer.status}`);
    receivers.secret(port, ((await answer.json()) as { secret: string }).secret);
  }
  await sleep(2_000);

  const getB = timedGet(gateway.url, tokenB);
  const times = { idle: [] as number[], during: [] as number[] };
  // The database's own latency, apart from the services': a read by _id on a database of its own,
  // by this process's driver, once a round (where B's time goes: the database or the CPU left to
  // svc-orders and the gateway).
  await probe.collection<{ _id: number }>('probe').insertOne({ _id: 1 });
  const dbTimes = { idle: [] as number[], during: [] as number[] };
  const round = async (phase: keyof typeof times) => {
    const started = performance.now();
    await probe.collection<{ _id: number }>('probe').findOne({ _id: 1 });
    dbTimes[phase].push(performance.now() - started);
    for (const path of dashboardCalls) times[phase].push(await getB(path));
    await sleep(Math.max(0, ROUND_MS - (performance.now() - started)));
  };
  for (const path of dashboardCalls) await getB(path);
  for (let i = 0; i < IDLE_ROUNDS; i += 1) await round('idle');

  const expected = EVENTS * ENDPOINTS;
  const notifyCpuBefore = await notify.cpuMs();
  const started = performance.now();
  for (let first = 0; first < EVENTS; first += PER_MESSAGE) {
    const changes = Array.from({ length: Math.min(PER_MESSAGE, EVENTS - first) }, (_, i) =>
      createdChange(first + i),
    );
    await publishEvent(
      nats,
      trackingEntryUpserted,
      { eventVersion: TRACKING_ENTRY_EVENT_VERSION, accountId: sellerA, changes },
      `bench-${stamp}-${first}`,
    );
  }
  const published = performance.now();
  // Wall-clock bounds of the burst, to line up with per-process CPU read from /proc meanwhile.
  console.error(`[bench] burst began at ${(Date.now() - (published - started)) / 1000}`);
  let report = await receivers.report();
  let lastNewAt = performance.now();
  let lastUnique = 0;
  let lastProgressAt = performance.now();
  while (report.unique < expected && performance.now() - started < WAIT_MS) {
    await round('during');
    report = await receivers.report();
    if (report.unique > lastUnique) {
      lastUnique = report.unique;
      lastNewAt = performance.now();
    }
    if (performance.now() - lastProgressAt > 10_000) {
      lastProgressAt = performance.now();
      const elapsed = ((performance.now() - started) / 1000).toFixed(0);
      console.error(
        `[bench] ${elapsed} s: ${count(report.unique)} of ${count(expected)} deliveries`,
      );
    }
  }
  // A delivery made twice would arrive after the last first one: wait a little for any.
  await sleep(2_000);
  report = await receivers.report();
  const seconds = (lastNewAt - started) / 1000;
  console.error(`[bench] burst ended at ${(Date.now() - (performance.now() - lastNewAt)) / 1000}`);
  // CPU per delivery does not depend on what else the machine runs, as deliveries/s does.
  const notifyCpuMs = (await notify.cpuMs()) - notifyCpuBefore;
  const idle = percentile(times.idle, 95);
  const during = percentile(times.during, 95);

  line();
  line(
    `Webhooks, issue 35: ${count(EVENTS)} order.created events of seller A to ${ENDPOINTS} endpoints, MongoDB at ${infra.mongoUrl}`,
  );
  line(
    `  published in ${((published - started) / 1000).toFixed(1)} s (${PER_MESSAGE} changes a message)`,
  );
  line(
    `  delivered: ${count(report.unique)} of ${count(expected)} (${report.unique < expected ? 'not delivered within BENCH_WEBHOOK_WAIT_MS' : 'lost'}: ${count(expected - report.unique)}, ` +
      `twice: ${count(report.total - report.unique)}, signatures that failed to verify: ${count(report.badSignatures)})`,
  );
  line(
    `  last delivery ${seconds.toFixed(1)} s after the first publish: ${(report.unique / seconds).toFixed(0)} deliveries/s`,
  );
  line(
    `  svc-notify CPU: ${(notifyCpuMs / 1000).toFixed(1)} s = ${(notifyCpuMs / Math.max(1, report.unique)).toFixed(2)} ms a delivery ` +
      `(fan-out, claim, sign, post, settle; and its mail planning of the same changes)`,
  );
  line(
    `  the database's own read (by _id, another database), p95 idle ${percentile(dbTimes.idle, 95).toFixed(1)} ms, ` +
      `meanwhile ${percentile(dbTimes.during, 95).toFixed(1)} ms`,
  );
  line(
    `  seller B's dashboard (${dashboardCalls.join(' + ')}), p95 of ${times.idle.length} idle and ` +
      `${times.during.length} meanwhile: idle ${idle.toFixed(1)} ms, meanwhile ${during.toFixed(1)} ms = ` +
      `${(during / idle).toFixed(2)}× (target <= 1.5×)`,
  );
} finally {
  await probe.close();
  for (const app of apps.reverse()) await app.stop();
  receivers.stop();
  await nats.close();
  await issuer.close();
  await infra.stop();
}
