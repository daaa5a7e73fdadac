/**
 * Live tracking benchmark (not a test; issue 33): how fast one and two svc-sync replicas register
 * shipped orders as trackers with the EasyPost simulator, how many signed webhook Events a replica
 * takes in a second, and how long an Event takes to show on the order (svc-orders has applied it).
 *
 *   npm run bench:tracking -w svc-sync
 *   BENCH_TRACKERS=500 BENCH_EVENTS=1000 npm run bench:tracking -w svc-sync      (quicker)
 *
 * Services and the simulator run in this process against the local MongoDB-compatible server and
 * NATS; the gateway is not in the path (see the README for what that leaves out).
 */
import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
import { startOrdersService } from '@onvelope/svc-orders';
import { signWebhookBody, simTestApiKey, startTrackingSim } from '@onvelope/tracking-sim';
import { line, percentile, startTestIssuer } from '@onvelope/testkit';
import { startSyncService } from '../src/index.js';

const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 2_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const IN_FLIGHT = 32;
const SECRET = 'whsec_bench';
const PATH = '/api/tracking/webhooks/easypost';

const infra = await startInfra({ parts: ['mongo', 'nats'], log: () => undefined });
// Lives that never move by themselves: every Event of the intake is the bench's own.
const sim = await startTrackingSim({ stepMs: 3_600_000 });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const base = {
  PORT: '0',
  LOG_LEVEL: 'silent',
  MONGO_URL: infra.mongoUrl,
  NATS_URL: infra.natsUrl,
  AUTH_JWKS_URL: issuer.url,
};
const orders = await startOrdersService({ ...base, MONGO_DB: 'bench_tracking_orders' });
const ordersDb = await mongoose
  .createConnection(infra.mongoUrl, { dbName: 'bench_tracking_orders' })
  .asPromise();

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function shipOrders(accountId: string, prefix: string) {
  const rows = Array.from(
    { length: TRACKERS },
    (_, i) =>
      `${prefix}-${i},Ann,Lee,ann@example.com,SW1A 1AA,shipped,USPS,${prefix}Z${String(i).padStart(9, '0')},`,
  );
  const form = new FormData();
  const csv = `orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl\n${rows.join('\n')}\n`;
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  const answer = await fetch(`${orders.url}/api/upload/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await issuer.merchantToken(accountId)}` },
    body: form,
  });
  if (!answer.ok) throw new Error(`upload answered ${answer.status}`);
}

/** Registers TRACKERS orders with `replicas` svc-sync replicas; answers trackers a second. */
async function registration(replicas: number) {
  const dbName = `bench_tracking_sync_${replicas}`;
  const env = {
    ...base,
    MONGO_DB: dbName,
    EASYPOST_API_KEY: simTestApiKey,
    EASYPOST_API_URL: sim.apiUrl,
    EASYPOST_WEBHOOK_SECRET: SECRET,
    // The provider's rate limit is not what is measured here.
    TRACKING_RATE_PER_SECOND: '100000',
    TRACKING_BURST: '1000',
    TRACKING_BATCH_SIZE: '100',
    TRACKING_POLL_MS: '50',
  };
  const started = await Promise.all(Array.from({ length: replicas }, () => startSyncService(env)));
  const syncDb = await mongoose.createConnection(infra.mongoUrl, { dbName }).asPromise();
  const at = performance.now();
  await shipOrders(`bench-${replicas}`, `BR${replicas}`);
  for (;;) {
    const done = await syncDb
      .collection('shipment_trackers')
      .countDocuments({ state: 'registered' });
    if (done >= TRACKERS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = performance.now() - at;
  return { started, syncDb, rate: TRACKERS / (elapsed / 1000), elapsed };
}

line(`Live tracking: ${TRACKERS} shipped orders, ${EVENTS} webhook Events`);
line();
const one = await registration(1);
await Promise.all(one.started.map((replica) => replica.close()));
const two = await registration(2);
line('| replicas | registered | time | trackers/s |');
line('| --- | --- | --- | --- |');
line(`| 1 | ${TRACKERS} | ${seconds(one.elapsed)} s | ${one.rate.toFixed(0)} |`);
line(
  `| 2 | ${TRACKERS} | ${seconds(two.elapsed)} s | ${two.rate.toFixed(0)} (${(two.rate / one.rate).toFixed(2)}×) |`,
);
line();

// Intake: Events for the trackers the two replicas registered, each a later update.
const shipments = await two.syncDb
  .collection('shipment_trackers')
  .find({ state: 'registered' })
  .project<{ trackerId: string; trackingNumber: string; entryId: string }>({
    trackerId: 1,
    trackingNumber: 1,
    entryId: 1,
  })
  .toArray();
const webhookUrl = `${two.started[0]!.url}${PATH}`;
const clock = Date.now() + 60_000;
const eventFor = (n: number) => {
  const shipment = shipments[n % shipments.length]!;
  const at = new Date(clock + n * 1_000).toISOString();
  const body = JSON.stringify({
    object: 'Event',
    id: `evt_bench_${n}`,
    description: 'tracker.updated',
    result: {
      id: shipment.trackerId,
      object: 'Tracker',
      tracking_code: shipment.trackingNumber,
      status: 'in_transit',
      status_detail: 'arrived_at_facility',
      carrier: 'USPS',
      updated_at: at,
      tracking_details: [
        {
          object: 'TrackingDetail',
          message: 'Arrived at facility',
          status: 'in_transit',
          status_detail: 'arrived_at_facility',
          datetime: at,
          tracking_location: { city: 'MEMPHIS', state: 'TN', country: 'US' },
        },
      ],
    },
  });
  return { body, at, entryId: shipment.entryId };
};
const send = async (event: { body: string }) => {
  const answer = await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hmac-signature': signWebhookBody(event.body, SECRET),
    },
    body: event.body,
  });
  if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
};

let next = 0;
const intakeStarted = performance.now();
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < EVENTS) await send(eventFor(next++));
  }),
);
const intakeMs = performance.now() - intakeStarted;

// Visibility: Events one at a time at a steady pace, each followed until its order shows it.
const entries = ordersDb.collection('tracking_entries');
const latencies: number[] = [];
for (let n = EVENTS; n < EVENTS + 200; n += 1) {
  const event = eventFor(n);
  const sent = performance.now();
  await send(event);
  for (;;) {
    const entry = await entries.findOne(
      { _id: new mongoose.Types.ObjectId(event.entryId) },
      { projection: { carrierUpdatedAt: 1 } },
    );
    if (entry?.carrierUpdatedAt && entry.carrierUpdatedAt.getTime() >= Date.parse(event.at)) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  latencies.push(performance.now() - sent);
}
line(
  '| webhook intake (one replica, 32 in flight) | Events | Events/s | Event to order p50 / p95 |',
);
line('| --- | --- | --- | --- |');
line(
  `| direct to svc-sync | ${EVENTS} | ${(EVENTS / (intakeMs / 1000)).toFixed(0)} | ` +
    `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 95).toFixed(0)} ms |`,
);

await Promise.all(two.started.map((replica) => replica.close()));
await orders.close();
await Promise.all([
  one.syncDb.close(),
  two.syncDb.close(),
  ordersDb.close(),
  sim.close(),
  issuer.close(),
]);
await infra.stop();
process.exit(0);
