import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentTrackingUpdated, type PayloadOf } from '@onvelope/contracts';
import {
  connectNats,
  ensureStream,
  type NatsConnection,
  type Subscription,
} from '@onvelope/service-kit/nats';
import { createLogger } from '@onvelope/service-kit/observability';
import { freePort } from '@onvelope/infra';
import {
  signWebhookBody,
  simTestApiKey,
  startTrackingSim,
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
import { shipmentKeyOf } from '../src/data/shipment-tracker.model.js';
import { EasyPostProvider, type ProviderTracker } from '../src/data/tracking-provider.js';
import type { CallOutcome } from '../src/domain/call-batches.js';
import { deliveryOfEasyPostTracker } from '../src/domain/easypost-tracker.js';
import { TokenBucket } from '../src/domain/token-bucket.js';
import { startSyncService } from '../src/index.js';
import { takeTrackerReports } from '../src/use-cases/take-tracker-reports.js';
import type { TrackingDeps } from '../src/use-cases/track-shipments.js';

/**
 * The provider's webhook Events taken in batches (issue 33): Events that arrive together share one
 * lookup, one round of publishes and one write, and each is still answered on its own. What
 * svc-sync publishes is read off the subject itself, so a report published twice is seen twice
 * (JetStream would keep one by its message id; the second publish is the waste).
 */

const WEBHOOK_SECRET = 'whsec_report_batches';
const WEBHOOK_PATH = '/api/tracking/webhooks/easypost';

let sim: TrackingSim;
let issuer: TestIssuer;
let sync: StartedService;
let syncEnv: Record<string, string>;
let child: ChildProcess | undefined;
let syncDb: Connection;
let nats: NatsConnection;
let subscription: Subscription;
const published: PayloadOf<typeof shipmentTrackingUpdated>[] = [];

beforeAll(async () => {
  const { mongoUrl, natsUrl } = testInfra();
  sim = await startTrackingSim();
  issuer = await startTestIssuer({ natsUrl });
  nats = await connectNats(natsUrl, 'report-batches-test');
  // svc-orders makes the stream when it starts consuming; it is not running here.
  await ensureStream(nats, shipmentTrackingUpdated.stream);
  subscription = nats.subscribe(shipmentTrackingUpdated.subject, {
    callback: (error, message) => {
      if (!error) published.push(message.json());
    },
  });
  syncEnv = {
    AUTH_JWKS_URL: issuer.url,
    MONGO_DB: uniqueDatabaseName('sync'),
    EASYPOST_API_KEY: simTestApiKey,
    EASYPOST_API_URL: sim.apiUrl,
    EASYPOST_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  sync = await startService(startSyncService, syncEnv);
  syncDb = await mongoose
    .createConnection(mongoUrl, { dbName: sync.env.MONGO_DB as string })
    .asPromise();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  subscription?.unsubscribe();
  await sync?.close();
  await Promise.all([syncDb?.close(), nats?.close(), issuer?.close(), sim?.close()]);
});

const shipments = () => syncDb.collection('shipment_trackers');

/** Registered shipments of the account, as registration leaves them: `count` of them, tracker `trk_<account>_<i>`. */
async function registered(accountId: string, count: number) {
  const docs = Array.from({ length: count }, (_, i) => {
    const entryId = new mongoose.Types.ObjectId().toHexString();
    const trackingNumber = `${accountId.toUpperCase()}Z${i}`;
    return {
      accountId,
      entryId,
      trackingNumber,
      shipmentKey: shipmentKeyOf(accountId, entryId, trackingNumber),
      courier: 'USPS',
      state: 'registered',
      provider: 'easypost',
      trackerId: `trk_${accountId}_${i}`,
      attempts: 1,
      nextAttemptAt: new Date(),
      claim: null,
      registeredAt: new Date(),
      lastReportAt: new Date(Date.now() - 3_600_000),
      carrierStatus: 'pre_transit',
    };
  });
  await shipments().insertMany(docs);
  return docs;
}

/** A signed `tracker.updated` Event body; `result` fields override the tracker's. */
function trackerEvent(
  shipment: { trackerId: string; trackingNumber: string },
  result: Record<string, unknown> = {},
) {
  const at = new Date(Date.now() + 60_000).toISOString();
  return JSON.stringify({
    object: 'Event',
    description: 'tracker.updated',
    result: {
      id: shipment.trackerId,
      object: 'Tracker',
      tracking_code: shipment.trackingNumber,
      status: 'out_for_delivery',
      carrier: 'USPS',
      updated_at: at,
      tracking_details: [{ message: 'Out for delivery', status: 'out_for_delivery', datetime: at }],
      ...result,
    },
  });
}

const send = (body: string, url = sync.url) =>
  fetch(`${url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hmac-signature': signWebhookBody(body, WEBHOOK_SECRET),
    },
    body,
  });

/** The batches the webhook has taken so far (its histogram's count and sum). */
async function batchFigures() {
  const text = await (await fetch(`${sync.url}/metrics`)).text();
  const figure = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    batches: figure('tracking_webhook_batch_events_count'),
    events: figure('tracking_webhook_batch_events_sum'),
  };
}

const publishedFor = (accountId: string) =>
  published.filter((report) => report.accountId === accountId);

/** Waits until the account's publishes stop growing (a late duplicate would show by then). */
async function settledPublishes(accountId: string, atLeast: number) {
  const until = Date.now() + 10_000;
  while (publishedFor(accountId).length < atLeast && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return publishedFor(accountId);
}

describe('webhook Events in batches', () => {
  it('takes a burst of concurrent Events for different trackers in batches, publishing and storing each once', async () => {
    const docs = await registered('acct-burst', 40);
    const before = await batchFigures();

    const answers = await Promise.all(docs.map((doc) => send(trackerEvent(doc))));

    expect(answers.map((answer) => answer.status)).toEqual(docs.map(() => 200));
    const reports = await settledPublishes('acct-burst', docs.length);
    expect(reports.map((report) => report.entryId).sort()).toEqual(
      docs.map((doc) => doc.entryId).sort(),
    );
    expect(reports.every((report) => report.delivery.carrierStatus === 'out_for_delivery')).toBe(
      true,
    );
    const stored = await shipments().find({ accountId: 'acct-burst' }).toArray();
    for (const shipment of stored) {
      expect(shipment.carrierStatus).toBe('out_for_delivery');
      expect(Date.now() - (shipment.lastReportAt as Date).getTime()).toBeLessThan(60_000);
    }
    const after = await batchFigures();
    expect(after.events - before.events).toBe(docs.length);
    // Taken together: fewer batches than Events.
    expect(after.batches - before.batches).toBeLessThan(docs.length);
  });

  it('fails only the bad Event of a burst, and publishes and stores the others', async () => {
    const docs = await registered('acct-one-bad', 12);
    const bad = docs[5]!;

    const answers = await Promise.all(
      docs.map((doc) =>
        // Signed and JSON, but its detail is not text: the report breaks the contract.
        send(trackerEvent(doc, doc === bad ? { status_detail: 42 } : {})),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(
      docs.map((doc) => (doc === bad ? 400 : 200)),
    );
    const reports = await settledPublishes('acct-one-bad', docs.length - 1);
    expect(reports.map((report) => report.entryId).sort()).toEqual(
      docs
        .filter((doc) => doc !== bad)
        .map((doc) => doc.entryId)
        .sort(),
    );
    const stored = await shipments().find({ accountId: 'acct-one-bad' }).toArray();
    expect(stored.filter((shipment) => shipment.carrierStatus === 'out_for_delivery').length).toBe(
      docs.length - 1,
    );
    expect(stored.find((shipment) => shipment.trackerId === bad.trackerId)?.carrierStatus).toBe(
      'pre_transit',
    );
  });

  it('has published every Event it answered 200 when its replica is killed mid-burst, and loses none sent again', async () => {
    const docs = await registered('acct-killed', 150);
    const bodies = docs.map((doc) => trackerEvent(doc));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        fileURLToPath(new URL('../src/main.ts', import.meta.url)),
      ],
      {
        env: {
          ...process.env,
          ...syncEnv,
          MONGO_URL: testInfra().mongoUrl,
          NATS_URL: testInfra().natsUrl,
          PORT: String(port),
          LOG_LEVEL: 'silent',
          SYNC_CONCURRENCY: '0',
        },
        stdio: 'ignore',
      },
    );
    await expect
      .poll(
        () =>
          fetch(`${url}/readyz`).then(
            (answer) => answer.ok,
            () => false,
          ),
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe(true);

    // Killed as the first answer comes back, with the rest of the burst in its batches.
    const killed = child;
    const statuses = await Promise.all(
      bodies.map((body) =>
        send(body, url).then(
          (answer) => {
            killed.kill('SIGKILL');
            return answer.status;
          },
          () => 0,
        ),
      ),
    );
    child = undefined;

    const answered = docs.filter((_, i) => statuses[i] === 200);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(docs.length);
    const publishedNow = new Set(
      (await settledPublishes('acct-killed', answered.length)).map((report) => report.entryId),
    );
    expect(answered.filter((doc) => !publishedNow.has(doc.entryId))).toEqual([]);

    // EasyPost sends again what was not answered 200; another replica takes it.
    const again = bodies.filter((_, i) => statuses[i] !== 200);
    const retried = await Promise.all(again.map((body) => send(body)));
    expect(retried.map((answer) => answer.status)).toEqual(again.map(() => 200));
    const reports = await settledPublishes('acct-killed', docs.length);
    expect(new Set(reports.map((report) => report.entryId)).size).toBe(docs.length);
  }, 60_000);

  it("serves the pending registrations beside the batches on the replica's /metrics", async () => {
    const text = await (await fetch(`${sync.url}/metrics`)).text();

    expect(text).toMatch(/^tracking_registrations_pending\{[^}]*due="now"[^}]*\} \d+$/m);
    expect(text).toMatch(/^tracking_registrations_pending\{[^}]*due="later"[^}]*\} \d+$/m);
  });

  describe('one batch', () => {
    let deps: TrackingDeps;
    beforeAll(() => {
      deps = {
        db: syncDb,
        nats,
        log: createLogger('report-batches-test', 'silent'),
        provider: new EasyPostProvider({
          apiKey: simTestApiKey,
          apiUrl: sim.apiUrl,
          webhookSecret: WEBHOOK_SECRET,
          timeoutMs: 1_000,
        }),
        settings: {
          ratePerSecond: 10,
          burst: 10,
          batchSize: 10,
          leaseMs: 60_000,
          retryBaseMs: 1_000,
          retryMaxMs: 60_000,
          maxShipmentAgeMs: 60 * 24 * 3_600_000,
          reconcileAfterMs: 6 * 3_600_000,
        },
        bucket: new TokenBucket(10, 10),
      };
    });

    const trackerOf = (body: string): ProviderTracker => {
      const { result } = JSON.parse(body) as {
        result: { id: string; tracking_code: string };
      };
      return {
        trackerId: result.id,
        trackingCode: result.tracking_code,
        delivery: deliveryOfEasyPostTracker(result),
      };
    };
    const take = async (trackers: ProviderTracker[]) => {
      let outcomes: readonly CallOutcome<number>[] = [];
      await takeTrackerReports(deps, trackers, (answered) => (outcomes = answered));
      return outcomes;
    };

    it('publishes a duplicate Event once, answers both, and keeps the newest report of a tracker', async () => {
      const [first, second] = await registered('acct-duplicate', 2);
      const repeated = trackerOf(trackerEvent(first!));
      const older = trackerOf(
        trackerEvent(first!, {
          status: 'in_transit',
          updated_at: new Date(Date.now() - 60_000).toISOString(),
        }),
      );

      const outcomes = await take([repeated, repeated, older, trackerOf(trackerEvent(second!))]);

      expect(outcomes).toEqual([1, 1, 1, 1].map((value) => ({ ok: true, value })));
      const reports = await settledPublishes('acct-duplicate', 3);
      expect(
        reports.map((report) => `${report.entryId}:${report.delivery.carrierStatus}`).sort(),
      ).toEqual(
        [
          `${first!.entryId}:out_for_delivery`,
          `${first!.entryId}:in_transit`,
          `${second!.entryId}:out_for_delivery`,
        ].sort(),
      );
      // The older report came last in the batch; the shipment keeps the newer one's status.
      const stored = await shipments().findOne({ trackerId: first!.trackerId });
      expect(stored?.carrierStatus).toBe('out_for_delivery');
    });

    it('finds shipments by tracking code when their tracker id is not stored yet, and answers 0 for none', async () => {
      const [pending] = await registered('acct-by-code', 1);
      // Not due for a while: this replica's registration loop leaves it alone.
      await shipments().updateOne(
        { shipmentKey: pending!.shipmentKey },
        {
          $set: {
            state: 'pending',
            trackerId: null,
            lastReportAt: null,
            carrierStatus: null,
            nextAttemptAt: new Date(Date.now() + 3_600_000),
          },
        },
      );
      const unknown = trackerOf(
        trackerEvent({ trackerId: 'trk_nobody', trackingNumber: 'NOBODYZ1' }),
      );

      const outcomes = await take([trackerOf(trackerEvent(pending!)), unknown]);

      expect(outcomes).toEqual([
        { ok: true, value: 1 },
        { ok: true, value: 0 },
      ]);
      const reports = await settledPublishes('acct-by-code', 1);
      expect(reports.map((report) => report.entryId)).toEqual([pending!.entryId]);
      // Its report time waits for registration, which stores the tracker id and the report.
      expect(
        (await shipments().findOne({ trackingNumber: pending!.trackingNumber }))?.lastReportAt,
      ).toBeNull();
    });
  });
});
