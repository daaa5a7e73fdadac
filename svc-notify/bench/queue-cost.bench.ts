/**
 * What the webhook queue costs the MongoDB server as its history grows (issue 35; not a test):
 * with 0, 10,000 and 30,000 settled deliveries in `webhook_deliveries`, a steady small load of
 * claims and settles (the sender's own functions, batches of 32) runs while another seller's
 * reads of another database (`tracking_entries` of 1,000 orders, the dashboard's shape) are timed.
 * Prints, for each size, one claim's and one settle batch's time, and the other seller's read
 * p95 idle and meanwhile.
 *
 *   npm exec -- node --conditions=source --import tsx svc-notify/bench/queue-cost.bench.ts
 *   BENCH_QUEUE_SIZES=0,10000,30000   the history sizes
 */
import { randomUUID } from 'node:crypto';
import { startInfra } from '@onvelope/infra';
import { count, line, percentile } from '@onvelope/testkit';
import mongoose from 'mongoose';
import {
  webhookDeliveryModel,
  type WebhookDeliveryDocument,
} from '../src/data/webhook-delivery.model.js';
import { newDelivery } from '../src/use-cases/fan-out-webhooks.js';
import { heldByClaim } from '../src/use-cases/token-claims.js';
import { claimDueDeliveries } from '../src/use-cases/webhook-queue.js';

const SIZES = (process.env.BENCH_QUEUE_SIZES ?? '0,10000,30000').split(',').map(Number);
const BATCH = 32;
const ROUNDS = 40;
const LEASE_MS = 60_000;

const infra = await startInfra({ parts: ['mongo'] });
const stamp = Date.now();
const notifyDb = mongoose.createConnection(infra.mongoUrl, { dbName: `bench_queue_${stamp}` });
const otherDb = mongoose.createConnection(infra.mongoUrl, { dbName: `bench_queue_b_${stamp}` });
const deliveries = webhookDeliveryModel(notifyDb);
await deliveries.syncIndexes();
const orders = otherDb.collection('tracking_entries');
const sellerB = 'seller-b';
await orders.createIndex({ accountId: 1, orderDate: -1 });
await orders.insertMany(
  Array.from({ length: 1_000 }, (_, i) => ({
    accountId: sellerB,
    orderNumber: `B${i}`,
    status: 'pending',
    orderDate: new Date(Date.UTC(2026, 10, 1 + (i % 28))),
  })),
);

const event = (i: number) => ({
  eventId: `msg_${randomUUID().replaceAll('-', '')}`,
  type: 'order.created' as const,
  body: JSON.stringify({ type: 'order.created', n: i }),
  happenedAt: null,
});

/** B's dashboard read: a page of its orders and their count. */
async function readB() {
  const started = performance.now();
  await orders.find({ accountId: sellerB }).sort({ orderDate: -1 }).limit(50).toArray();
  await orders.countDocuments({ accountId: sellerB });
  return performance.now() - started;
}

async function timesOfB(rounds: number) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    times.push(await readB());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return times;
}

let history = 0;
try {
  for (const size of SIZES) {
    // History: settled deliveries of seller A, as the delivery log keeps them.
    while (history < size) {
      const now = new Date();
      const chunk = Math.min(1_000, size - history);
      await deliveries.insertMany(
        Array.from({ length: chunk }, (_, i) => ({
          ...newDelivery('seller-a', 'endpoint-a', event(history + i), now),
          state: 'succeeded' as const,
          attempts: 1,
          nextAttemptAt: null,
        })),
      );
      history += chunk;
    }
    const idle = await timesOfB(ROUNDS);
    const claims: number[] = [];
    const settles: number[] = [];
    let stop = false;
    // A steady small load: a batch queued, claimed and settled, again and again.
    const load = (async () => {
      while (!stop) {
        const now = new Date();
        await deliveries.insertMany(
          Array.from({ length: BATCH }, (_, i) =>
            newDelivery('seller-a', 'endpoint-a', event(i), now),
          ),
        );
        let started = performance.now();
        const owner = `bench:${randomUUID()}`;
        const taken: WebhookDeliveryDocument[] = await claimDueDeliveries(
          { deliveries, now: () => new Date(), leaseMs: LEASE_MS },
          owner,
          BATCH,
        );
        claims.push(performance.now() - started);
        started = performance.now();
        await deliveries.bulkWrite(
          taken.map((delivery) => ({
            updateOne: {
              filter: heldByClaim(delivery),
              update: {
                $set: { state: 'succeeded', nextAttemptAt: null, leaseOwner: null, attempts: 1 },
              },
            },
          })),
          { ordered: false },
        );
        settles.push(performance.now() - started);
      }
    })();
    const meanwhile = await timesOfB(ROUNDS);
    stop = true;
    await load;
    history = await deliveries.countDocuments({});
    const p95 = (times: number[]) => percentile(times, 95).toFixed(1);
    line(
      `history ${count(size)} settled: claim of ${BATCH} p95 ${p95(claims)} ms, settle of ${BATCH} p95 ${p95(settles)} ms ` +
        `(${claims.length} rounds); seller B's read p95 idle ${p95(idle)} ms, meanwhile ${p95(meanwhile)} ms`,
    );
  }
} finally {
  await notifyDb.close();
  await otherDb.close();
  await infra.stop();
}
