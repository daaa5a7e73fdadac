import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sellerNoticeRequested, syncJobsStream, type PayloadOf } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import {
  connectNats,
  consumeEvents,
  type EventConsumer,
  type NatsConnection,
} from '@onvelope/service-kit/nats';
import { syncMessages } from '../src/use-cases/store-front-access.js';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

type Requested = PayloadOf<typeof sellerNoticeRequested>;
const log = createLogger('sync-notices-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('svc-sync asks svc-notify to tell the seller (issue 34)', () => {
  // Sellers of this run only: files run one after another in this worker share its NATS account.
  const run = randomBytes(4).toString('hex');
  let world: SyncWorld;
  let nc: NatsConnection;
  let consumer: EventConsumer;
  const seen: Requested[] = [];
  let sellerA: Seller;
  let sellerB: Seller;
  let storeA: string;
  let storeB: string;
  let connectionA: string;
  let connectionB: string;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [
        { ordersCount: 300, storeName: 'Faulty Towers' },
        { ordersCount: 50, storeName: 'Quiet Shop' },
      ],
      syncEnv: { STORE_FRONT_PAGE_LIMIT: '100', STORE_FRONT_MAX_ATTEMPTS: '3' },
    });
    [storeA, storeB] = world.sim.stores.map((store) => store.accountId) as [string, string];
    nc = await connectNats(world.natsUrl, 'sync-notices-test');
    consumer = await consumeEvents(
      nc,
      sellerNoticeRequested,
      `sync-notices-test-${run}`,
      async ({ payload }) => {
        if (payload.accountId.endsWith(run)) seen.push(payload);
      },
      log,
      { startAt: 'new' },
    );
    sellerA = await world.seller(`notices-a-${run}`);
    sellerB = await world.seller(`notices-b-${run}`);
    connectionA = await world.connect(sellerA, storeA);
    connectionB = await world.connect(sellerB, storeB);
  });
  afterEach(() => world.sim.clearFaults());
  afterAll(async () => {
    await consumer?.stop();
    await nc?.close();
    await world?.close();
  });

  const seenFor = (accountId: string) => seen.filter((request) => request.accountId === accountId);
  const seenWithId = (noticeId: string) => seen.filter((request) => request.noticeId === noticeId);
  const outbox = () => world.syncDb.collection('seller_notice_outbox');
  const connectionDoc = (id: string) =>
    world.syncDb
      .collection('store_front_connections')
      .findOne({ _id: new mongoose.Types.ObjectId(id) });
  const path = (connectionId: string, tail: string) =>
    `/api/bigcartel/connections/${connectionId}/${tail}`;

  async function sync(seller: Seller, connectionId: string) {
    const start = await seller.post(path(connectionId, 'sync-all'));
    expect(start.status).toBe(202);
    const progress = await world.waitForSync(seller, connectionId);
    return { jobId: start.body.jobId as string, progress };
  }

  /** Revokes every token of the store at the simulator, as the seller revoking the app does. */
  async function revoke(store: string) {
    const basic = Buffer.from(`${world.sim.clientId}:${world.sim.clientSecret}`).toString('base64');
    const revoked = await fetch(`${world.sim.deauthorizeUrl}/${store}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    expect(revoked.status).toBe(204);
  }

  it("asks once that a sync failed for good, with the store's name and a plain reason", async () => {
    await world.sim.setFaults({
      serverError: { next: 50, status: 500, match: 'page[offset]=200', accountId: storeA },
    });
    const [failed, fine] = await Promise.all([
      sync(sellerA, connectionA),
      sync(sellerB, connectionB),
    ]);
    // What the dashboard shows is unchanged.
    expect(failed.progress).toMatchObject({
      syncStatus: 'failed',
      lastSyncError: expect.stringContaining(
        `${syncMessages.syncFailed}: The store-front answered 500`,
      ),
    });
    expect(fine.progress).toMatchObject({ syncStatus: 'completed' });

    const noticeId = `sync:failed:${failed.jobId}`;
    await expect.poll(() => seenWithId(noticeId).length).toBe(1);
    expect(seenWithId(noticeId)[0]).toEqual({
      noticeId,
      accountId: sellerA.accountId,
      requestedAt: expect.any(String),
      notice: {
        kind: 'sync_failed',
        storeName: 'Faulty Towers',
        reason:
          'BigCartel kept answering with an error (HTTP 500), so the sync stopped after several tries.',
      },
    });
    // A completed sync asks nothing, and seller B never hears of seller A's store.
    await sleep(500);
    expect(seenFor(sellerB.accountId)).toEqual([]);
    expect(seenFor(sellerA.accountId)).toHaveLength(1);
  });

  it('asks once however often the failed job is delivered again', async () => {
    await world.sim.setFaults({
      serverError: { next: 50, status: 503, match: 'page[offset]=100', accountId: storeA },
    });
    const { jobId, progress } = await sync(sellerA, connectionA);
    expect(progress.syncStatus).toBe('failed');
    const noticeId = `sync:failed:${jobId}`;
    await expect.poll(() => seenWithId(noticeId).length).toBe(1);

    // The job's message comes round again (a replica stopped before acknowledging it): under
    // another message id, or JetStream's duplicate window would drop it before any replica saw it.
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    for (const attempt of [1, 2]) {
      await js.publish(
        'sync.jobs.queued',
        new TextEncoder().encode(
          JSON.stringify({ jobId, accountId: sellerA.accountId, connectionId: connectionA }),
        ),
        { msgID: `${jobId}:again:${attempt}` },
      );
    }
    await expect
      .poll(async () => (await jsm.streams.info(syncJobsStream.name)).state.messages, {
        timeout: 10_000,
      })
      .toBe(0);
    await sleep(500);
    expect(seenWithId(noticeId)).toHaveLength(1);
    expect(seenWithId(noticeId)[0]!.notice).toMatchObject({
      kind: 'sync_failed',
      reason:
        'BigCartel kept answering with an error (HTTP 503), so the sync stopped after several tries.',
    });
    expect(await outbox().countDocuments({ _id: noticeId } as object)).toBe(1);

    // A replica that stored the failure but stopped before asking: the next delivery asks.
    const jobs = world.syncDb.collection('sync_jobs');
    const failedJob = await jobs.findOne({ _id: new mongoose.Types.ObjectId(jobId) });
    const unasked = new mongoose.Types.ObjectId();
    await jobs.insertOne({ ...failedJob, _id: unasked, noticeReason: 'BigCartel did not answer.' });
    await js.publish(
      'sync.jobs.queued',
      new TextEncoder().encode(
        JSON.stringify({
          jobId: String(unasked),
          accountId: sellerA.accountId,
          connectionId: connectionA,
        }),
      ),
      { msgID: String(unasked) },
    );
    const unaskedId = `sync:failed:${String(unasked)}`;
    await expect.poll(() => seenWithId(unaskedId).length).toBe(1);
    expect(seenWithId(unaskedId)[0]!.notice).toEqual({
      kind: 'sync_failed',
      storeName: 'Faulty Towers',
      reason: 'BigCartel did not answer.',
    });
  });

  it('asks once per authorisation when the store-front refuses it, and not also as a failed sync', async () => {
    await world.sim.setFaults({ delay: { ms: 300, match: '/orders' } });
    const authorised = await connectionDoc(connectionA);
    const start = await sellerA.post(path(connectionA, 'sync-all'));
    const jobId: string = start.body.jobId;
    await expect
      .poll(
        async () =>
          (await sellerA.get(path(connectionA, 'sync-progress'))).body.progress.pagesProcessed,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await revoke(storeA);
    const progress = await world.waitForSync(sellerA, connectionA);

    // What the seller is shown today stays: the failed job and the inactive connection say why.
    expect(progress).toMatchObject({
      syncStatus: 'failed',
      lastSyncError: syncMessages.authExpired,
    });
    const list = (await sellerA.get('/api/bigcartel/connections')).body.connections;
    expect(list.find((c: { id: string }) => c.id === connectionA).isActive).toBe(false);
    const status = await sellerA.get(path(connectionA, 'sync-status'));
    expect(status.status).toBe(409);
    expect(status.body.error).toBe(syncMessages.authExpired);

    const noticeId = `sync:auth_expired:${connectionA}:${authorised!.authorizedAt.toISOString()}`;
    await expect.poll(() => seenWithId(noticeId).length).toBe(1);
    expect(seenWithId(noticeId)[0]).toMatchObject({
      accountId: sellerA.accountId,
      notice: { kind: 'store_authorization_expired', storeName: 'Faulty Towers' },
    });

    // The same refused authorisation met again (another replica still held it): no second mail.
    await world.syncDb
      .collection('store_front_connections')
      .updateOne(
        { _id: authorised!._id },
        { $set: { isActive: true, accessToken: authorised!.accessToken, lastSyncError: null } },
      );
    const again = await sellerA.get(path(connectionA, 'sync-status'));
    expect(again.status).toBe(409);
    expect(await connectionDoc(connectionA)).toMatchObject({ isActive: false, accessToken: null });
    await sleep(500);
    expect(seenWithId(noticeId)).toHaveLength(1);
    expect(seenWithId(`sync:failed:${jobId}`)).toEqual([]);

    // Connected again and refused again: a new authorisation, so a new message.
    await world.sim.clearFaults();
    await world.connect(sellerA, storeA);
    const reauthorised = await connectionDoc(connectionA);
    expect(reauthorised!.authorizedAt.getTime()).toBeGreaterThan(
      authorised!.authorizedAt.getTime(),
    );
    await revoke(storeA);
    expect((await sellerA.get(path(connectionA, 'sync-status'))).status).toBe(409);
    const secondId = `sync:auth_expired:${connectionA}:${reauthorised!.authorizedAt.toISOString()}`;
    await expect.poll(() => seenWithId(secondId).length).toBe(1);
    const expired = seenFor(sellerA.accountId).filter(
      (request) => request.notice.kind === 'store_authorization_expired',
    );
    expect(expired.map((request) => request.noticeId)).toEqual([noticeId, secondId]);
    expect(seenFor(sellerB.accountId)).toEqual([]);
  });
});
