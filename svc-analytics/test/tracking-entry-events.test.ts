import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEntryDeleted, trackingEntryUpserted, type PayloadOf } from '@onvelope/contracts';
import { connectNats, publishEvent, type NatsConnection } from '@onvelope/service-kit';
import { startService, testInfra, type StartedService } from '@onvelope/testkit';
import { startAnalyticsService } from '../src/index.js';

type Change = PayloadOf<typeof trackingEntryUpserted>;

const change = (overrides: Partial<Change> = {}): Change => ({
  accountId: 'acct-1',
  entryId: randomUUID(),
  orderNumber: '1001',
  status: 'pending',
  source: 'csv',
  orderDate: '2026-11-01T10:00:00.000Z',
  shippingCountry: 'GB',
  itemTotal: 25,
  version: 1,
  changedAt: new Date().toISOString(),
  ...overrides,
});

describe('svc-analytics consumes tracking entry changes', () => {
  let analytics: StartedService;
  let nc: NatsConnection;
  let db: mongoose.Connection;
  const facts = () => db.collection('order_facts');

  const eventually = async (check: () => Promise<void>, ms = 8_000) => {
    const until = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  /** Waits until the consumers have handled everything published so far. */
  const drained = () =>
    eventually(async () => {
      const jsm = await nc.jetstreamManager();
      for (const name of [
        'svc-analytics-tracking-entries',
        'svc-analytics-tracking-entry-deletions',
      ]) {
        const info = await jsm.consumers.info('ORDERS', name);
        expect(info.num_pending + info.num_ack_pending).toBe(0);
      }
    });

  beforeAll(async () => {
    analytics = await startService(startAnalyticsService);
    nc = await connectNats(testInfra().natsUrl, 'analytics-test');
    db = await mongoose
      .createConnection(testInfra().mongoUrl, { dbName: analytics.env.MONGO_DB })
      .asPromise();
  });
  afterAll(async () => {
    await analytics.close();
    await nc.close();
    await db.close();
  });

  it('records the entry an event describes', async () => {
    const event = change();
    await publishEvent(nc, trackingEntryUpserted, event, `${event.entryId}:1`);
    await eventually(async () => {
      expect(await facts().findOne({ _id: event.entryId as never })).toMatchObject({
        accountId: 'acct-1',
        status: 'pending',
        version: 1,
        shippingCountry: 'GB',
      });
    });
  });

  it('changes nothing when the same change is delivered again', async () => {
    const event = change();
    await publishEvent(nc, trackingEntryUpserted, event, `${event.entryId}:1`);
    await eventually(async () =>
      expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1),
    );
    const before = await facts().findOne({ _id: event.entryId as never });
    // A redelivery is the same payload under a message id JetStream has not seen (or after its window).
    await publishEvent(
      nc,
      trackingEntryUpserted,
      { ...event, changedAt: new Date().toISOString() },
      `redelivery-${randomUUID()}`,
    );
    await drained();
    expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1);
    expect(await facts().findOne({ _id: event.entryId as never })).toEqual(before);
  });

  it('keeps the newest version when changes arrive out of order', async () => {
    const entryId = randomUUID();
    await publishEvent(
      nc,
      trackingEntryUpserted,
      change({ entryId, version: 2, status: 'shipped' }),
      `${entryId}:2`,
    );
    await eventually(async () =>
      expect(await facts().findOne({ _id: entryId as never })).toMatchObject({ version: 2 }),
    );
    await publishEvent(
      nc,
      trackingEntryUpserted,
      change({ entryId, version: 1, status: 'pending' }),
      `${entryId}:1`,
    );
    await drained();
    expect(await facts().findOne({ _id: entryId as never })).toMatchObject({
      version: 2,
      status: 'shipped',
    });
    await publishEvent(
      nc,
      trackingEntryUpserted,
      change({ entryId, version: 3, status: 'delivered' }),
      `${entryId}:3`,
    );
    await eventually(async () =>
      expect(await facts().findOne({ _id: entryId as never })).toMatchObject({
        version: 3,
        status: 'delivered',
      }),
    );
  });

  it('forgets a deleted entry, once however often the deletion arrives, and for good', async () => {
    const event = change();
    await publishEvent(nc, trackingEntryUpserted, event, `${event.entryId}:1`);
    await eventually(async () =>
      expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1),
    );
    const removal = {
      accountId: event.accountId,
      entryId: event.entryId,
      deletedAt: new Date().toISOString(),
    };
    await publishEvent(nc, trackingEntryDeleted, removal, `${event.entryId}:deleted`);
    await publishEvent(nc, trackingEntryDeleted, removal, `redelivery-${randomUUID()}`);
    await eventually(async () =>
      expect(await facts().findOne({ _id: event.entryId as never })).toMatchObject({
        deletedAt: new Date(removal.deletedAt),
        itemTotal: null,
      }),
    );
    // A change from before the deletion, delivered late, does not bring the order back.
    await publishEvent(nc, trackingEntryUpserted, { ...event, version: 7 }, `${event.entryId}:7`);
    await drained();
    expect(await facts().countDocuments({ _id: event.entryId as never, deletedAt: null })).toBe(0);
    expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1);
  });

  it('forgets an entry whose deletion arrives before any change of it', async () => {
    const entryId = randomUUID();
    await publishEvent(
      nc,
      trackingEntryDeleted,
      { accountId: 'acct-1', entryId, deletedAt: new Date().toISOString() },
      `${entryId}:deleted`,
    );
    await publishEvent(nc, trackingEntryUpserted, change({ entryId }), `${entryId}:1`);
    await drained();
    expect(await facts().countDocuments({ _id: entryId as never, deletedAt: null })).toBe(0);
  });
});
