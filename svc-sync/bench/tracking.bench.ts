/**
 * Live tracking benchmark (issue 33; not a test). Every part runs as its own OS process, as in
 * production: the gateway, svc-orders, one or two svc-sync replicas (from their sources, with their
 * packages' node flags, through the testkit's `startApp`), the EasyPost simulator (tools/tracking-sim)
 * and the webhook sender, against the local MongoDB-compatible server and NATS (`startInfra`). This
 * process stands in for svc-auth (token keys, seller profiles) and times seller B's dashboard.
 *
 * 1. Registration: a seller's BENCH_TRACKERS shipped orders are imported through the gateway and
 *    registered as trackers with the simulator, by one replica and then by two (issue 33: two
 *    register >= 1.7x as fast as one).
 * 2. Intake: BENCH_EVENTS signed Events through the gateway to svc-sync (issue 33: >= 1,000 a
 *    second, none lost), each followed shipment's Event read back on the buyer's tracking page
 *    (`GET /api/customer/track`) until it shows (issue 33: within 2 s p95); then BENCH_PACED Events
 *    one at a time, each followed the same way.
 * 3. All along, seller B (1,000 orders) uses the dashboard through the gateway (issue 33: p95 within
 *    2x idle).
 *
 *   npx tsc -b tsconfig.build.json && npm run bench:tracking -w svc-sync
 *   BENCH_TRACKERS=100000 BENCH_EVENTS=100000 npm run bench:tracking -w svc-sync     (issue 33's size)
 *
 * Other settings: BENCH_IN_FLIGHT (Events in flight, 64), BENCH_EVENTS_PER_SECOND (the intake paced
 * at that rate at most, as a provider spreads its webhooks; 0, unpaced), BENCH_REPLICA_RUNS ("1,2"),
 * BENCH_BATCH_SIZE (TRACKING_BATCH_SIZE, 100), BENCH_SAMPLES (seller B's idle rounds, 40),
 * BENCH_FOLLOW (shipments followed on the buyer page, 10), BENCH_PACED (100), BENCH_CPU_PROF (a
 * folder: the Node children write `--cpu-prof` profiles there; summarise with cpu-profile-summary.ts),
 * BENCH_PROVIDER_MS (the simulator answers each tracker creation after this long, as EasyPost does
 * across the internet; 0, at once: with it, a replica's batch in flight against that latency bounds
 * its rate, not the machine's cores), BENCH_OUTSIDE_NICE (the simulator and the webhook sender, which
 * stand for EasyPost, run under `nice -n` this; 0, at the bench's priority), BENCH_QUIET_INTAKE=1 (seller B and the buyer-page followers
 * pause during the intake, so that its CPU table holds the intake's own work: their polls cost CPU
 * for every second the intake lasts, which makes a slower run look dearer per Event).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import mongoose from 'mongoose';
import {
  type ServiceName,
  getSellerCountry,
  getSellerPublicProfile,
  shipmentTrackingUpdated,
} from '@onvelope/contracts';
import { freePort, startInfra } from '@onvelope/infra';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectNats, serveCommand } from '@onvelope/service-kit/nats';
import { connectTrackingSimAdmin, signWebhookBody, simTestApiKey } from '@onvelope/tracking-sim';
import {
  count,
  line,
  nodeArgsOf,
  percentile,
  processCpuMs,
  startApp,
  startTestIssuer,
  type BenchApp,
} from '@onvelope/testkit';
import {
  caller,
  descendantsOf,
  eventFor,
  ownCpuMs,
  startTrackingSimProcess,
  webhookPath,
  webhookSenderProcess,
  type BenchShipment,
} from './tracking-support.js';

const numberOf = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TRACKERS = numberOf('BENCH_TRACKERS', 2_000);
const EVENTS = numberOf('BENCH_EVENTS', 5_000);
const IN_FLIGHT = numberOf('BENCH_IN_FLIGHT', 64);
/** The intake's rate at most (Events a second), as a provider spreads its webhooks; 0: unpaced. */
const EVENTS_PER_SECOND = numberOf('BENCH_EVENTS_PER_SECOND', 0);
const BATCH_SIZE = numberOf('BENCH_BATCH_SIZE', 100);
const SAMPLES = numberOf('BENCH_SAMPLES', 40);
const FOLLOW = Math.min(numberOf('BENCH_FOLLOW', 10), TRACKERS);
/** How often a followed page is read again: a buyer's page polls, and 250 ms is the resolution. */
const FOLLOW_POLL_MS = 250;
const PACED = numberOf('BENCH_PACED', 100);
const REPLICA_RUNS = (process.env.BENCH_REPLICA_RUNS ?? '1,2').split(',').map(Number);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const QUIET_INTAKE = process.env.BENCH_QUIET_INTAKE === '1';
const PROVIDER_MS = numberOf('BENCH_PROVIDER_MS', 0);
const OUTSIDE_NICE = numberOf('BENCH_OUTSIDE_NICE', 0);
const B_ORDERS = 1_000;
const ROUND_MS = 250;
const SECRET = 'whsec_bench';
/** svc-orders' durable consumer of the reports (its events/shipment-tracking-consumer.ts). */
const ORDERS_TRACKING_CONSUMER = 'svc-orders-shipment-tracking';

/** Where the bench is, on stderr (the figures go to stdout). */
const progress = (text: string) =>
  process.stderr.write(`[tracking bench ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

const infra = await startInfra({ parts: ['mongo', 'nats'], log: () => undefined });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
// svc-auth's answers to what svc-orders asks of it on a lookup and an import (seller name, country).
const nats = await connectNats(infra.natsUrl, 'tracking-bench');
const quiet = createLogger('tracking-bench', 'silent');
serveCommand(
  nats,
  getSellerPublicProfile,
  'svc-auth',
  () => Promise.resolve({ name: 'Bench shop', website: null }),
  quiet,
);
serveCommand(nats, getSellerCountry, 'svc-auth', () => Promise.resolve({ country: null }), quiet);
const jsm = await jetstreamManager(nats);

const stamp = Date.now();
const ordersDbName = `bench_tracking_orders_${stamp}`;
const base = {
  MONGO_URL: infra.mongoUrl,
  NATS_URL: infra.natsUrl,
  AUTH_JWKS_URL: issuer.url,
};
/** Every child process, stopped when the bench is interrupted (they would outlive it). */
const running: { stop(): Promise<void> }[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all(running.map((child) => child.stop().catch(() => undefined)))
      .then(() => infra.stop())
      .finally(() => process.exit(1));
  });
}
/**
 * `startApp`, each app with `--cpu-prof` added to its package's flags under BENCH_CPU_PROF (through
 * the testkit's BENCH_NODE_FLAGS, read as the process is spawned: Node refuses it in NODE_OPTIONS).
 */
async function startBenchApp(app: ServiceName, env: Record<string, string>, port?: number) {
  const listenPort = port ?? (await freePort());
  if (!CPU_PROF) return startApp(app, env, listenPort);
  const flags = process.env.BENCH_NODE_FLAGS;
  process.env.BENCH_NODE_FLAGS = [
    ...nodeArgsOf(app),
    '--cpu-prof',
    `--cpu-prof-dir=${CPU_PROF}`,
  ].join(' ');
  const started = startApp(app, env, listenPort, app);
  if (flags === undefined) delete process.env.BENCH_NODE_FLAGS;
  else process.env.BENCH_NODE_FLAGS = flags;
  return started;
}
const sim = await startTrackingSimProcess(OUTSIDE_NICE);
running.push(sim);
if (PROVIDER_MS > 0)
  await connectTrackingSimAdmin(sim.url).setFaults({
    delay: { ms: PROVIDER_MS, match: '/v2/trackers', method: 'POST' },
  });
const syncPorts = await Promise.all([freePort(), freePort()]);
const orders = await startBenchApp('svc-orders', { ...base, MONGO_DB: ordersDbName });
const gateway = await startBenchApp('gateway', {
  ...base,
  ORDERS_SERVICE_URL: orders.url,
  // Intake goes to the first replica: the gateway names one address per service.
  SYNC_SERVICE_URL: `http://127.0.0.1:${syncPorts[0]}`,
  SERVE_FRONTENDS: 'false',
  UPSTREAM_TIMEOUT_MS: '900000',
});
running.push(orders, gateway);
const ordersDb = await mongoose
  .createConnection(infra.mongoUrl, { dbName: ordersDbName })
  .asPromise();
const call = caller(gateway.url);

/** The processes whose CPU the tables show, found again before each phase (replicas change). */
async function processesNow(
  replicas: BenchApp[],
  extra: { name: string; cpuMs(): Promise<number> }[] = [],
) {
  const all: { name: string; cpuMs(): Promise<number> }[] = [
    { name: 'gateway', cpuMs: () => gateway.cpuMs() },
    { name: 'svc-orders', cpuMs: () => orders.cpuMs() },
    ...replicas.map((replica, i) => ({ name: `svc-sync #${i + 1}`, cpuMs: () => replica.cpuMs() })),
    { name: 'tracking-sim', cpuMs: () => sim.cpuMs() },
    ...extra,
  ];
  for (const { pid, command } of await descendantsOf(process.pid)) {
    const name = command.includes('java')
      ? 'mongo-java-server'
      : command.includes('nats-server')
        ? 'nats-server'
        : null;
    if (name) all.push({ name, cpuMs: () => processCpuMs(pid) });
  }
  all.push({ name: 'bench (seller B, polls)', cpuMs: ownCpuMs });
  return all;
}

/** CPU of each process over a phase: call `end()` when it is over. */
async function cpuOver(processes: Awaited<ReturnType<typeof processesNow>>) {
  const started = performance.now();
  const before = await Promise.all(processes.map((p) => p.cpuMs().catch(() => 0)));
  return {
    async end() {
      const wallMs = performance.now() - started;
      const after = await Promise.all(processes.map((p) => p.cpuMs().catch(() => 0)));
      return {
        wallMs,
        rows: processes.map((p, i) => ({ name: p.name, cpuMs: after[i]! - before[i]! })),
      };
    },
  };
}
type CpuReport = Awaited<ReturnType<Awaited<ReturnType<typeof cpuOver>>['end']>>;

function printCpu(title: string, report: CpuReport, items: number, unit: string) {
  line(`${title} (wall ${seconds(report.wallMs)}; CPU ms per ${unit} = CPU / ${count(items)})`);
  line(`  ${'process'.padEnd(26)}${pad('CPU s', 9)}${pad('cores', 7)}${pad(`ms/${unit}`, 12)}`);
  let total = 0;
  for (const row of report.rows) {
    total += row.cpuMs;
    line(
      `  ${row.name.padEnd(26)}${pad((row.cpuMs / 1000).toFixed(1), 9)}` +
        `${pad((row.cpuMs / report.wallMs).toFixed(2), 7)}${pad((row.cpuMs / items).toFixed(2), 12)}`,
    );
  }
  line(
    `  ${'all'.padEnd(26)}${pad((total / 1000).toFixed(1), 9)}` +
      `${pad((total / report.wallMs).toFixed(2), 7)}${pad((total / items).toFixed(2), 12)}`,
  );
}

// Seller B: a thousand orders none of which is on its way (so none is tracked), and the dashboard.
const sellerB = 'bench-dashboard';
const tokenB = await issuer.merchantToken(sellerB);
const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';
async function uploadCsv(token: string, rows: string[]) {
  const form = new FormData();
  const csv = `${header}\n${rows.join('\n')}\n`;
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  const answer = await fetch(`${gateway.url}/api/upload/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await answer.json()) as { successfulRows?: number };
  if (answer.status !== 200 || body.successfulRows !== rows.length) {
    throw new Error(`upload answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}
await uploadCsv(
  tokenB,
  Array.from(
    { length: B_ORDERS },
    (_, i) =>
      `B-${i},First${i % 97},Last${i % 89},buyer${i}@example.com,AB${i % 99} 1CD,` +
      `${['pending', 'processing', 'delivered'][i % 3]},,,`,
  ),
);
const dashboard = [
  ['list', '/api/upload/tracking-entries'],
  ['summary', '/api/upload/summary'],
  ['search q=buyer42', '/api/upload/search?q=buyer42'],
] as const;
const times = new Map<string, Map<string, number[]>>();
let phase: string | null = null;
async function dashboardRound() {
  const started = performance.now();
  for (const [name, path] of dashboard) {
    const callStarted = performance.now();
    const answer = await call('GET', path, { token: tokenB });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    if (phase) {
      const byCall = times.get(phase) ?? new Map<string, number[]>();
      times.set(phase, byCall);
      byCall.set(name, [...(byCall.get(name) ?? []), performance.now() - callStarted]);
    }
  }
  await sleep(Math.max(0, ROUND_MS - (performance.now() - started)));
}
progress('seller B idle rounds');
await sleep(2_000);
await dashboardRound();
phase = 'idle';
for (let n = 0; n < SAMPLES; n += 1) await dashboardRound();
phase = null;
let dashboardRunning = true;
let dashboardPaused = false;
const dashboardLoop = (async () => {
  while (dashboardRunning) await (dashboardPaused ? sleep(ROUND_MS) : dashboardRound());
})();

const syncEnv = (dbName: string) => ({
  ...base,
  MONGO_DB: dbName,
  EASYPOST_API_KEY: simTestApiKey,
  EASYPOST_API_URL: `${sim.url}/v2/`,
  EASYPOST_WEBHOOK_SECRET: SECRET,
  // The provider's rate limit is not what is measured here.
  TRACKING_RATE_PER_SECOND: '100000',
  TRACKING_BURST: '1000',
  TRACKING_BATCH_SIZE: String(BATCH_SIZE),
  TRACKING_POLL_MS: '50',
});

/**
 * One svc-sync database for every run, as in production: the reports of a run's registrations
 * change its orders, and those changes reach the next run's replicas through the shared durable
 * consumer (each shipment is noted once, by its unique key).
 */
const syncDbName = `bench_tracking_sync_${stamp}`;
const syncDb = await mongoose.createConnection(infra.mongoUrl, { dbName: syncDbName }).asPromise();
const trackers = syncDb.collection('shipment_trackers');

/** Registers TRACKERS shipped orders of a new seller with `replicas` svc-sync replicas. */
async function registration(replicas: number, before: number) {
  const started = await Promise.all(
    Array.from({ length: replicas }, (_, i) =>
      startBenchApp('svc-sync', syncEnv(syncDbName), syncPorts[i]),
    ),
  );
  running.push(...started);
  const seller = `bench-seller-${replicas}`;
  const prefix = `R${replicas}`;
  const rows = Array.from(
    { length: TRACKERS },
    (_, i) =>
      `${prefix}-${i},Ann,Lee,ann${i}@example.com,SW1A 1AA,shipped,USPS,${prefix}Z${String(i).padStart(9, '0')},`,
  );
  const token = await issuer.merchantToken(seller);
  const cpu = await cpuOver(await processesNow(started));
  phase = `registration, ${replicas} replica${replicas > 1 ? 's' : ''}`;
  const at = performance.now();
  await uploadCsv(token, rows);
  const importMs = performance.now() - at;
  progress(`${replicas} replica(s): import answered in ${seconds(importMs)}`);
  let reportedAt = performance.now();
  for (;;) {
    const noted = (await trackers.estimatedDocumentCount()) - before;
    const pending = noted >= TRACKERS ? await trackers.countDocuments({ state: 'pending' }) : -1;
    if (pending === 0) break;
    if (performance.now() - reportedAt > 10_000) {
      reportedAt = performance.now();
      progress(`${replicas} replica(s): ${noted} noted, ${pending < 0 ? '?' : pending} pending`);
    }
    await sleep(500);
  }
  const elapsedMs = performance.now() - at;
  phase = null;
  const cpuReport = await cpu.end();
  const [span] = await trackers
    .aggregate<{ first: Date; last: Date; registered: number; refused: number }>([
      { $match: { accountId: seller } },
      {
        $group: {
          _id: null,
          first: { $min: '$registeredAt' },
          last: { $max: '$registeredAt' },
          registered: { $sum: { $cond: [{ $eq: ['$state', 'registered'] }, 1, 0] } },
          refused: { $sum: { $cond: [{ $eq: ['$state', 'refused'] }, 1, 0] } },
        },
      },
    ])
    .toArray();
  const spanMs = span!.last.getTime() - span!.first.getTime();
  return {
    replicas,
    started,
    seller,
    token,
    prefix,
    importMs,
    elapsedMs,
    spanMs,
    registered: span!.registered,
    refused: span!.refused,
    rate: span!.registered / (spanMs / 1000),
    cpuReport,
  };
}

const runs: Awaited<ReturnType<typeof registration>>[] = [];
for (const replicas of REPLICA_RUNS) {
  if (runs.length) await Promise.all(runs.at(-1)!.started.map((replica) => replica.stop()));
  runs.push(await registration(replicas, await trackers.estimatedDocumentCount()));
  progress(`${replicas} replica(s): registered ${runs.at(-1)!.registered}`);
}
const last = runs.at(-1)!;

// Intake: Events for the shipments the last run registered, each a later update.
const shipments = (
  await trackers
    .find({ accountId: last.seller, state: 'registered' })
    .project<BenchShipment>({ _id: 0, trackerId: 1, trackingNumber: 1, entryId: 1 })
    .toArray()
).sort((a, b) => a.trackingNumber.localeCompare(b.trackingNumber));
const folder = await mkdtemp(join(tmpdir(), 'tracking-bench-'));
const shipmentsFile = join(folder, 'shipments.json');
await writeFile(shipmentsFile, JSON.stringify(shipments));
/** Each followed shipment's tracking-page token (the seller's signed link, as a buyer opens it). */
const pageTokens = await Promise.all(
  shipments.slice(0, FOLLOW).map(async (shipment) => {
    const i = Number(shipment.trackingNumber.split('Z')[1]);
    const answer = await call(
      'POST',
      `/api/upload/tracking-entries/${encodeURIComponent(`${last.prefix}-${i}`)}/tracking-link`,
      { token: last.token },
    );
    if (answer.status !== 200) throw new Error(`tracking link answered ${answer.status}`);
    return new URL((answer.body as { url: string }).url).searchParams.get('link')!;
  }),
);
/** The update time the buyer's page shows for a followed shipment (epoch ms; 0 for none). */
async function pageShows(index: number) {
  const answer = await call(
    'GET',
    `/api/customer/track?token=${encodeURIComponent(pageTokens[index]!)}`,
  );
  if (answer.status !== 200) throw new Error(`tracking page answered ${answer.status}`);
  const at = (answer.body as { order: { delivery?: { carrierUpdatedAt: string } | null } }).order
    .delivery?.carrierUpdatedAt;
  return at ? Date.parse(at) : 0;
}

const clock = Date.now() + 60_000;
const eventTime = (n: number) => clock + n * 1_000;
const published = async () =>
  (
    await jsm.streams.info(shipmentTrackingUpdated.stream.name, {
      subjects_filter: shipmentTrackingUpdated.subject,
    })
  ).state.subjects?.[shipmentTrackingUpdated.subject] ?? 0;
const ordersConsumerBusy = async () => {
  const info = await jsm.consumers.info(
    shipmentTrackingUpdated.stream.name,
    ORDERS_TRACKING_CONSUMER,
  );
  return info.num_pending + info.num_ack_pending;
};
// Registration's own reports are applied before intake starts.
progress('waiting for svc-orders to apply the registration reports');
while ((await ordersConsumerBusy()) > 0) await sleep(200);

progress('intake: starting the webhook sender');
const sender = await webhookSenderProcess(
  {
    url: gateway.url,
    secret: SECRET,
    shipmentsFile,
    clock,
    from: 0,
    count: EVENTS,
    inFlight: IN_FLIGHT,
    perSecond: EVENTS_PER_SECOND,
    followBelow: FOLLOW,
  },
  OUTSIDE_NICE,
);
/** Followed Events taken in and not yet shown: by shipment, the Event time and when it was taken. */
const waiting = new Map<number, { eventAt: number; takenAt: number }[]>();
const loadLatencies: number[] = [];
let following = true;
const follower = (async () => {
  while (following || waiting.size) {
    await Promise.all(
      [...waiting.keys()].map(async (index) => {
        const shows = await pageShows(index);
        const seenAt = Date.now();
        const open = waiting.get(index)!.filter((event) => {
          if (event.eventAt > shows) return true;
          loadLatencies.push(seenAt - event.takenAt);
          return false;
        });
        if (open.length) waiting.set(index, open);
        else waiting.delete(index);
      }),
    );
    await sleep(FOLLOW_POLL_MS);
  }
})();
let senderCpuMs = 0;
const publishedBefore = await published();
const intakeCpu = await cpuOver(
  await processesNow(last.started, [
    // The sender has ended when the phase does: it reports its own CPU (`SenderResult.cpuMs`).
    { name: 'webhook sender', cpuMs: () => Promise.resolve(senderCpuMs) },
  ]),
);
phase = 'intake';
dashboardPaused = QUIET_INTAKE;
progress(`intake: sending${QUIET_INTAKE ? ' (seller B and the followers paused)' : ''}`);
const intakeStarted = performance.now();
const sent = await sender.start((n, takenAt) => {
  if (QUIET_INTAKE) return;
  const index = n % shipments.length;
  waiting.set(index, [...(waiting.get(index) ?? []), { eventAt: eventTime(n), takenAt }]);
});
const intakeMs = performance.now() - intakeStarted;
senderCpuMs = sent.cpuMs;
progress(`intake: taken in ${seconds(intakeMs)}; waiting for svc-orders`);
while ((await ordersConsumerBusy()) > 0) await sleep(100);
const appliedMs = performance.now() - intakeStarted;
phase = null;
const intakeCpuReport = await intakeCpu.end();
dashboardPaused = false;
following = false;
await follower;
const publishedCount = (await published()) - publishedBefore;

// Nothing lost: every shipment's order holds the last Event sent for it.
const lastEventOf = new Map<string, number>();
for (let n = Math.max(0, EVENTS - shipments.length); n < EVENTS; n += 1) {
  lastEventOf.set(shipments[n % shipments.length]!.entryId, eventTime(n));
}
let holding = 0;
for await (const entry of ordersDb
  .collection('tracking_entries')
  .find({ accountId: last.seller }, { projection: { carrierUpdatedAt: 1 } })) {
  const expected = lastEventOf.get(String(entry._id));
  if (expected !== undefined && (entry.carrierUpdatedAt as Date | null)?.getTime() === expected) {
    holding += 1;
  }
}

// Paced: one Event at a time to a followed shipment, each followed until the buyer's page shows it.
progress('paced Events');
const pacedLatencies: number[] = [];
const firstPaced = Math.ceil((EVENTS + 1) / shipments.length) * shipments.length;
for (let k = 0; k < PACED; k += 1) {
  const n = firstPaced + k * shipments.length + (k % FOLLOW);
  const { body } = eventFor(shipments, clock, n);
  const started = performance.now();
  const answer = await fetch(`${gateway.url}${webhookPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hmac-signature': signWebhookBody(body, SECRET),
    },
    body,
  });
  if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
  while ((await pageShows(k % FOLLOW)) < eventTime(n)) await sleep(20);
  pacedLatencies.push(performance.now() - started);
}

dashboardRunning = false;
await dashboardLoop;

// The report.
line();
line(
  `Live tracking, issue 33: ${count(TRACKERS)} shipped orders a run, ${count(EVENTS)} webhook Events ` +
    `(${IN_FLIGHT} in flight${EVENTS_PER_SECOND > 0 ? `, at most ${count(EVENTS_PER_SECOND)} a second` : ''}), ` +
    `every part its own process; MongoDB at ${infra.mongoUrl}`,
);
line(
  `svc-sync settings: TRACKING_BATCH_SIZE=${BATCH_SIZE}, rate limit lifted (100,000/s); ` +
    `the provider answers a tracker creation ${PROVIDER_MS > 0 ? `after ${PROVIDER_MS} ms` : 'at once'}` +
    (OUTSIDE_NICE > 0 ? `; the simulator and the webhook sender at nice ${OUTSIDE_NICE}` : ''),
);
line();
line('1. Registration (import through the gateway, then trackers with the simulator)');
line(
  `  ${'replicas'.padEnd(10)}${pad('registered', 12)}${pad('refused', 9)}${pad('import', 9)}` +
    `${pad('to last', 10)}${pad('first→last', 12)}${pad('trackers/s', 12)}${pad('vs 1', 7)}`,
);
const one = runs.find((run) => run.replicas === 1);
for (const run of runs) {
  line(
    `  ${String(run.replicas).padEnd(10)}${pad(count(run.registered), 12)}${pad(run.refused, 9)}` +
      `${pad(seconds(run.importMs), 9)}${pad(seconds(run.elapsedMs), 10)}${pad(seconds(run.spanMs), 12)}` +
      `${pad(run.rate.toFixed(0), 12)}${pad(one ? `${(run.rate / one.rate).toFixed(2)}x` : '-', 7)}`,
  );
}
line(
  '  (trackers/s: registered / time from the first registration to the last; target 2 vs 1 >= 1.7x)',
);
for (const run of runs) {
  line();
  printCpu(
    `  CPU while ${run.replicas} replica(s) registered`,
    run.cpuReport,
    run.registered,
    'tracker',
  );
}
line();
line('2. Webhook intake through the gateway to svc-sync #1, applied by svc-orders');
line(
  `  Events ${count(sent.events)}: taken in ${seconds(intakeMs)} = ${(sent.events / (intakeMs / 1000)).toFixed(0)} Events/s ` +
    `(target >= 1,000); answers ${JSON.stringify(sent.statuses)}, ${sent.refused} refused and sent again`,
);
line(
  `  all applied on the orders ${seconds(appliedMs)} after the first was sent = ` +
    `${(sent.events / (appliedMs / 1000)).toFixed(0)} Events/s end to end`,
);
line(
  `  published by svc-sync: ${count(publishedCount)} reports; orders holding their last Event: ` +
    `${count(holding)} of ${count(lastEventOf.size)} (lost: ${count(lastEventOf.size - holding)})`,
);
const p = (values: number[], q: number) => (values.length ? percentile(values, q).toFixed(0) : '-');
line(`  Event taken in → shown on the buyer's tracking page (GET /api/customer/track), ms:`);
line(`  ${'when'.padEnd(34)}${pad('Events', 8)}${pad('p50', 8)}${pad('p95', 8)}${pad('max', 8)}`);
line(
  `  ${'during the intake above'.padEnd(34)}${pad(loadLatencies.length, 8)}${pad(p(loadLatencies, 50), 8)}` +
    `${pad(p(loadLatencies, 95), 8)}${pad(p(loadLatencies, 100), 8)}`,
);
line(
  `  ${'one at a time (sent → shown)'.padEnd(34)}${pad(pacedLatencies.length, 8)}${pad(p(pacedLatencies, 50), 8)}` +
    `${pad(p(pacedLatencies, 95), 8)}${pad(p(pacedLatencies, 100), 8)}`,
);
line('  (target: p95 <= 2,000 ms)');
line();
printCpu('  CPU during intake until all applied', intakeCpuReport, sent.events, 'Event');
line();
line(
  `3. Seller B's dashboard through the gateway, p95 ms (a round every ${ROUND_MS} ms; target <= 2x idle)`,
);
const idle = times.get('idle')!;
const phases = [...times.keys()];
line(
  `  ${'call'.padEnd(20)}` +
    phases.map((name) => pad(name.replace('registration, ', 'reg. '), 18)).join(''),
);
for (const [name] of dashboard) {
  const idleP95 = percentile(idle.get(name)!, 95);
  line(
    `  ${name.padEnd(20)}` +
      phases
        .map((phaseName) => {
          const values = times.get(phaseName)!.get(name) ?? [];
          if (!values.length) return pad('-', 18);
          const p95 = percentile(values, 95);
          return pad(
            phaseName === 'idle'
              ? `${p95.toFixed(1)} (n${values.length})`
              : `${p95.toFixed(1)} ${(p95 / idleP95).toFixed(2)}x`,
            18,
          );
        })
        .join(''),
  );
}
if (CPU_PROF) {
  line();
  line(
    `CPU profiles in ${CPU_PROF}: gateway ${gateway.pid}, svc-orders ${orders.pid}, ` +
      `svc-sync ${last.started.map((replica) => replica.pid).join(', ')}`,
  );
}

await Promise.all(last.started.map((replica) => replica.stop()));
await gateway.stop();
await orders.stop();
await sim.stop();
await Promise.all([syncDb.close(), ordersDb.close()]);
await nats.close();
await issuer.close();
await infra.stop();
process.exit(0);
