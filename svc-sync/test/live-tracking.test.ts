import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackingEntry } from '@onvelope/contracts';
import { startOrdersService } from '@onvelope/svc-orders';
import {
  signWebhookBody,
  simTestApiKey,
  startTrackingSim,
  trackingCodeLiving,
  type TrackingSim,
} from '@onvelope/tracking-sim';
import {
  startService,
  startTestIssuer,
  testInfra,
  uniqueDatabaseName,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { startSyncService } from '../src/index.js';

/**
 * Live tracking end to end on real parts: svc-orders, svc-sync and the EasyPost simulator
 * (`tools/tracking-sim`), which svc-sync reaches through EasyPost's official SDK and which sends
 * signed webhook Events back to svc-sync.
 */

const WEBHOOK_SECRET = 'whsec_live_tracking_tests';
const WEBHOOK_PATH = '/api/tracking/webhooks/easypost';
const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';

let sim: TrackingSim;
let issuer: TestIssuer;
let orders: StartedService;
const sync: StartedService[] = [];
let ordersDb: Connection;
let syncDb: Connection;
let syncEnv: Record<string, string>;

const startReplica = async (extra: Record<string, string> = {}) => {
  const replica = await startService(startSyncService, { ...syncEnv, ...extra });
  sync.push(replica);
  return replica;
};

beforeAll(async () => {
  const { mongoUrl, natsUrl } = testInfra();
  sim = await startTrackingSim({ stepMs: 150 });
  issuer = await startTestIssuer({ natsUrl });
  orders = await startService(startOrdersService, { AUTH_JWKS_URL: issuer.url });
  syncEnv = {
    AUTH_JWKS_URL: issuer.url,
    MONGO_DB: uniqueDatabaseName('sync'),
    EASYPOST_API_KEY: simTestApiKey,
    EASYPOST_API_URL: sim.apiUrl,
    EASYPOST_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TRACKING_RETRY_BASE_MS: '100',
    TRACKING_RETRY_MAX_MS: '500',
    TRACKING_POLL_MS: '100',
    TRACKING_LEASE_MS: '1500',
    EASYPOST_TIMEOUT_MS: '1000',
  };
  await startReplica();
  await sim.addWebhook({ url: `${sync[0]!.url}${WEBHOOK_PATH}`, secret: WEBHOOK_SECRET });
  ordersDb = await mongoose
    .createConnection(mongoUrl, { dbName: orders.env.MONGO_DB as string })
    .asPromise();
  syncDb = await mongoose.createConnection(mongoUrl, { dbName: syncEnv.MONGO_DB }).asPromise();
});

afterAll(async () => {
  await Promise.all(sync.map((replica) => replica.close()));
  await orders?.close();
  await Promise.all([ordersDb?.close(), syncDb?.close(), issuer?.close(), sim?.close()]);
});

beforeEach(async () => {
  await sim.clearFaults();
});

let orderCount = 0;
/** Imports one shipped order with this tracking code for the account; answers its number. */
async function shipOrder(accountId: string, trackingNumber: string, status = 'shipped') {
  orderCount += 1;
  const orderNumber = `LT-${orderCount}`;
  const csv = `${header}\n${orderNumber},Ada,Lovelace,ada@example.com,SW1A 1AA,${status},USPS,${trackingNumber},\n`;
  const form = new FormData();
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  const answer = await fetch(`${orders.url}/api/upload/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await issuer.merchantToken(accountId)}` },
    body: form,
  });
  expect(answer.status).toBe(200);
  return orderNumber;
}

async function entryOf(accountId: string, orderNumber: string): Promise<TrackingEntry> {
  const answer = await fetch(
    `${orders.url}/api/upload/search?q=${encodeURIComponent(orderNumber)}`,
    { headers: { authorization: `Bearer ${await issuer.merchantToken(accountId)}` } },
  );
  const { results } = (await answer.json()) as { results: TrackingEntry[] };
  const entry = results.find((result) => result.orderNumber === orderNumber);
  if (!entry) throw new Error(`${orderNumber} not found`);
  return entry;
}

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 400)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const shipments = () => syncDb.collection('shipment_trackers');

/** The seller's order once the carrier's reports have made it delivered. */
const deliveredEntry = (accountId: string, orderNumber: string, timeoutMs?: number) =>
  until(
    () => entryOf(accountId, orderNumber),
    (entry) => entry.status === 'delivered',
    timeoutMs,
  );

describe('live tracking', () => {
  // Side by side: each ships orders of its own and waits on the simulated carrier. Those that
  // set the simulator's faults, count its requests or stop a replica run alone, after them.
  describe.concurrent('orders of their own', () => {
    it('registers a shipped order and moves it to delivered with its checkpoints as the carrier reports', async () => {
      const code = trackingCodeLiving('delivered', 'LT1');
      const orderNumber = await shipOrder('acct-live-1', code);
      const delivered = await deliveredEntry('acct-live-1', orderNumber, 30_000);

      expect(delivered.delivery).toMatchObject({
        provider: 'easypost',
        carrierStatus: 'delivered',
      });
      const checkpoints = delivered.delivery!.checkpoints;
      expect(checkpoints.length).toBeGreaterThanOrEqual(4);
      expect(checkpoints.map((checkpoint) => checkpoint.at)).toEqual(
        [...checkpoints.map((checkpoint) => checkpoint.at)].sort(),
      );
      expect(checkpoints.at(-1)!.status).toBe('delivered');
      expect(delivered.delivery!.deliveredAt).toBe(checkpoints.at(-1)!.at);
      expect(await sim.listTrackers({ trackingCode: code })).toHaveLength(1);
    });

    it("keeps a status the seller set, whatever the carrier says, and never tracks another seller's order", async () => {
      const pending = await shipOrder('acct-live-2', 'EZ4000000004', 'processing');
      const other = await shipOrder('acct-live-3', 'EZ4000000004');
      const theirs = await deliveredEntry('acct-live-3', other);
      expect(theirs.delivery?.carrierStatus).toBe('delivered');
      // A processing order with a tracking number is not on its way: not tracked at all.
      expect(await shipments().countDocuments({ accountId: 'acct-live-2' })).toBe(0);
      expect((await entryOf('acct-live-2', pending)).status).toBe('processing');
    });

    it('does not track orders imported as delivered', async () => {
      await shipOrder('acct-live-4', 'EZ4000000004', 'delivered');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await shipments().countDocuments({ accountId: 'acct-live-4' })).toBe(0);
    });

    it('refuses a forged or unsigned webhook with 401 and changes nothing', async () => {
      const orderNumber = await shipOrder('acct-live-5', 'EZ2000000002');
      // Once the simulated tracker has told all it will, the order's record stops changing.
      const [tracker] = await until(
        () => sim.listTrackers({ trackingCode: 'EZ2000000002' }),
        ([found]) => !!found?.complete,
      );
      const inTransit = await until(
        () => entryOf('acct-live-5', orderNumber),
        (entry) => entry.delivery?.checkpoints.length === tracker!.checkpoints,
      );
      const forged = JSON.stringify({
        object: 'Event',
        description: 'tracker.updated',
        result: {
          id: tracker!.id,
          object: 'Tracker',
          tracking_code: 'EZ2000000002',
          status: 'delivered',
          updated_at: new Date(Date.now() + 60_000).toISOString(),
          tracking_details: [],
        },
      });
      const send = (headers: Record<string, string>) =>
        fetch(`${sync[0]!.url}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: forged,
        });

      const unsigned = await send({});
      const wrongSecret = await send({
        'x-hmac-signature': signWebhookBody(forged, 'not-the-secret'),
      });
      const tampered = await send({
        'x-hmac-signature': signWebhookBody(
          forged.replace('delivered', 'in_transit'),
          WEBHOOK_SECRET,
        ),
      });
      await new Promise((resolve) => setTimeout(resolve, 500));

      expect([unsigned.status, wrongSecret.status, tampered.status]).toEqual([401, 401, 401]);
      expect(await unsigned.json()).toEqual({ error: 'The webhook signature does not match' });
      expect(await entryOf('acct-live-5', orderNumber)).toMatchObject({
        status: 'shipped',
        delivery: { carrierUpdatedAt: inTransit.delivery!.carrierUpdatedAt },
      });
    });

    it('applies a replayed or older signed Event no more than once and never moves an order back', async () => {
      // A code of its own: the simulator keeps one tracker a code, and this test signs Events for it.
      const code = trackingCodeLiving('delivered', 'LT6');
      const orderNumber = await shipOrder('acct-live-6', code);
      const delivered = await deliveredEntry('acct-live-6', orderNumber);
      const [tracker] = await sim.listTrackers({ trackingCode: code });
      const older = JSON.stringify({
        object: 'Event',
        description: 'tracker.updated',
        result: {
          id: tracker!.id,
          object: 'Tracker',
          tracking_code: 'EZ4000000004',
          status: 'in_transit',
          updated_at: new Date(
            Date.parse(delivered.delivery!.carrierUpdatedAt) - 60_000,
          ).toISOString(),
          tracking_details: [],
        },
      });
      const signature = signWebhookBody(older, WEBHOOK_SECRET);
      for (let n = 0; n < 3; n += 1) {
        const answer = await fetch(`${sync[0]!.url}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hmac-signature': signature },
          body: older,
        });
        expect(answer.status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const after = await entryOf('acct-live-6', orderNumber);
      expect(after.status).toBe('delivered');
      expect(after.delivery).toEqual(delivered.delivery);
      expect(after.updatedAt).toBe(delivered.updatedAt);
    });
  });

  it("asks the carriers again about a seller's shipments on the way, and only that seller's", async () => {
    const refresh = async (accountId: string) => {
      const answer = await fetch(`${sync[0]!.url}/api/tracking/refresh`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await issuer.merchantToken(accountId)}` },
      });
      expect(answer.status).toBe(200);
      return answer.json();
    };
    await sim.resetRequests();

    expect(await refresh('acct-live-5')).toEqual({
      refreshed: 1,
      message: 'Asked the carrier about 1 shipment; its news follows in a moment',
    });
    expect(await refresh('acct-live-nobody')).toMatchObject({ refreshed: 0 });
    expect(await sim.requestCount({ method: 'GET' })).toBe(1);
  });

  it('registers through provider errors, rate limits and an outage, once each', async () => {
    await sim.setFaults({
      serverError: { next: 3, status: 503, method: 'POST' },
      rateLimit: { next: 2, method: 'POST' },
    });
    const orderNumber = await shipOrder('acct-live-7', 'LT7Z000000007');
    const tracked = await until(
      () => entryOf('acct-live-7', orderNumber),
      (entry) => !!entry.delivery,
      20_000,
    );

    expect(tracked.delivery?.trackerId).toBeTruthy();
    const [shipment] = await shipments().find({ accountId: 'acct-live-7' }).toArray();
    expect(shipment).toMatchObject({ state: 'registered' });
    expect(shipment!.attempts).toBeGreaterThanOrEqual(1);
    expect(await sim.listTrackers({ trackingCode: 'LT7Z000000007' })).toHaveLength(1);
  });

  it('hands a registration a stopped replica had taken to another once its lease ends', async () => {
    // The provider answers slowly: the replica stops with the call under way.
    await sim.setFaults({ delay: { ms: 3_000, method: 'POST' } });
    const orderNumber = await shipOrder('acct-live-8', 'LT8Z000000008');
    await until(
      () => shipments().findOne({ accountId: 'acct-live-8' }),
      (shipment) => !!shipment?.claim,
    );
    const first = sync.shift()!;
    const stopped = first.close();
    const second = await startReplica();
    await sim.clearFaults();
    await sim.addWebhook({ url: `${second.url}${WEBHOOK_PATH}`, secret: WEBHOOK_SECRET });

    const tracked = await until(
      () => entryOf('acct-live-8', orderNumber),
      (entry) => !!entry.delivery,
      20_000,
    );
    await stopped;
    expect(tracked.delivery?.trackerId).toBeTruthy();
    expect(await sim.listTrackers({ trackingCode: 'LT8Z000000008' })).toHaveLength(1);
    expect(await shipments().countDocuments({ accountId: 'acct-live-8' })).toBe(1);
  });
});
