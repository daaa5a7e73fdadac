import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentTrackingUpdated } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectNats, ensureStream, type NatsConnection } from '@onvelope/service-kit/nats';
import {
  simTestApiKey,
  startTrackingSim,
  trackingCodeLiving,
  type TrackingSim,
} from '@onvelope/tracking-sim';
import { testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { shipmentKeyOf, shipmentTrackerModel } from '../src/data/shipment-tracker.model.js';
import { EasyPostProvider } from '../src/data/tracking-provider.js';
import { TokenBucket } from '../src/domain/token-bucket.js';
import { reconcileQuietTrackers, type TrackingDeps } from '../src/use-cases/track-shipments.js';

/**
 * Issue 40: every replica of svc-sync runs the reconcile of quiet trackers. Two rounds at once (two
 * replicas, one database, the EasyPost simulator) must ask the provider about each tracker once.
 */

const QUIET_TRACKERS = 6;
const HOUR_MS = 60 * 60_000;

let sim: TrackingSim;
let db: Connection;
let nats: NatsConnection;

/** One replica's tracking parts: its own provider client and rate, the shared database. */
const replica = (): TrackingDeps => ({
  db,
  nats,
  log: createLogger('tracker-reconcile-test', 'silent'),
  provider: new EasyPostProvider({
    apiKey: simTestApiKey,
    apiUrl: sim.apiUrl,
    webhookSecret: 'whsec_reconcile_tests',
    timeoutMs: 2_000,
  }),
  settings: {
    ratePerSecond: 100,
    burst: 100,
    batchSize: 50,
    leaseMs: 5_000,
    retryBaseMs: 100,
    retryMaxMs: 500,
    maxShipmentAgeMs: 30 * 24 * HOUR_MS,
    reconcileAfterMs: HOUR_MS,
  },
  bucket: new TokenBucket(100, 100),
});

/**
 * A tracker the provider follows for one of the seller's orders, registered and last reported on
 * two hours ago: quiet for longer than `reconcileAfterMs`.
 */
async function quietTracker(entryId: string, code: string, carrierStatus: string) {
  const quietSince = new Date(Date.now() - 2 * HOUR_MS);
  const trackingNumber = trackingCodeLiving('delivered', code);
  const tracker = await replica().provider.createTracker(trackingNumber, 'USPS');
  return shipmentTrackerModel(db).create({
    accountId: 'acct-reconcile',
    entryId,
    trackingNumber,
    shipmentKey: shipmentKeyOf('acct-reconcile', entryId, trackingNumber),
    courier: 'USPS',
    state: 'registered',
    provider: 'easypost',
    trackerId: tracker.trackerId,
    nextAttemptAt: quietSince,
    registeredAt: quietSince,
    lastReportAt: quietSince,
    carrierStatus,
  });
}

beforeAll(async () => {
  const { mongoUrl, natsUrl } = testInfra();
  sim = await startTrackingSim({ stepMs: 60_000 });
  db = await mongoose
    .createConnection(mongoUrl, { dbName: uniqueDatabaseName('sync-reconcile') })
    .asPromise();
  nats = await connectNats(natsUrl, 'tracker-reconcile-test');
  await ensureStream(nats, shipmentTrackingUpdated.stream);
  await shipmentTrackerModel(db).syncIndexes();
  for (let index = 0; index < QUIET_TRACKERS; index += 1) {
    await quietTracker(`entry-${index}`, `RQ${index}`, 'pre_transit');
  }
  await sim.resetRequests();
});

afterAll(async () => {
  await Promise.all([db?.close(), nats?.close(), sim?.close()]);
});

describe('reconciling quiet trackers at two replicas', () => {
  it('asks the provider about each quiet tracker once when two rounds run at once', async () => {
    const [first, second] = await Promise.all([
      reconcileQuietTrackers(replica()),
      reconcileQuietTrackers(replica()),
    ]);

    expect(first + second).toBe(QUIET_TRACKERS);
    expect(await sim.requestCount({ method: 'GET', route: '/v2/trackers/:id' })).toBe(
      QUIET_TRACKERS,
    );
    // Reported on now: the next round finds none still quiet.
    expect(await reconcileQuietTrackers(replica())).toBe(0);
  });

  it('no longer asks about a tracker noted before the tracking window, finished or not', async () => {
    const model = shipmentTrackerModel(db);
    const { _id } = await quietTracker('entry-lost', 'RQ-LOST', 'in_transit');
    const reconcile = () => reconcileQuietTrackers(replica());
    const asked = () => sim.requestCount({ method: 'GET', route: '/v2/trackers/:id' });
    // Noted 31 days ago against a 30-day window (the mongoose timestamp set aside).
    await model.collection.updateOne(
      { _id },
      { $set: { createdAt: new Date(Date.now() - 31 * 24 * HOUR_MS) } },
    );
    const askedBefore = await asked();

    expect(await reconcile()).toBe(0);
    expect(await asked()).toBe(askedBefore);

    // The same tracker inside the window is asked about: the window, not the state, held it back.
    await model.collection.updateOne(
      { _id },
      { $set: { createdAt: new Date(Date.now() - 29 * 24 * HOUR_MS) } },
    );

    expect(await reconcile()).toBe(1);
    expect(await asked()).toBe(askedBefore + 1);
  });
});
