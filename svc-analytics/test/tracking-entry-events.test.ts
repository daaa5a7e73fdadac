import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEntryDeleted, trackingEntryUpserted } from '@onvelope/contracts';
import { connectNats, publishEvent, type NatsConnection } from '@onvelope/service-kit/nats';
import {
  connectTestDatabase,
  pendingEntryChange,
  startService,
  testInfra,
  type EntryChange,
  type StartedService,
} from '@onvelope/testkit';
import { startAnalyticsService } from '../src/index.js';

const change = (overrides: Partial<EntryChange> = {}): EntryChange =>
  pendingEntryChange({
    orderNumber: '1001',
    orderDate: '2026-11-01T10:00:00.000Z',
    shippingCountry: 'GB',
    itemTotal: 25,
    ...overrides,
  });

describe('svc-analytics consumes tracking entry changes', () => {
  let analytics: StartedService;
  let nc: NatsConnection;
  let db: mongoose.Connection;
  const facts = () => db.collection('order_facts');
  /** Publishes changes of acct-1 as one event; a fresh message id unless one is given. */
  const publishChanges = (changes: EntryChange[], messageId = `changes-${randomUUID()}`) =>
    publishEvent(nc, trackingEntryUpserted, { accountId: 'acct-1', changes }, messageId);
  const publishDeletion = (
    entryIds: string[],
    deletedAt: string,
    messageId = `deleted-${randomUUID()}`,
  ) =>
    publishEvent(nc, trackingEntryDeleted, { accountId: 'acct-1', entryIds, deletedAt }, messageId);

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
      const jsm = await jetstreamManager(nc);
      for (const name of ['svc-analytics-entry-changes', 'svc-analytics-entry-deletions']) {
        const info = await jsm.consumers.info('ORDERS', name);
        expect(info.num_pending + info.num_ack_pending).toBe(0);
      }
    });

  beforeAll(async () => {
    analytics = await startService(startAnalyticsService);
    nc = await connectNats(testInfra().natsUrl, 'analytics-test');
    db = await connectTestDatabase(analytics.env.MONGO_DB);
  });
  afterAll(async () => {
    await analytics.close();
    await nc.close();
    await db.close();
  });

  it('records the entry an event describes', async () => {
    const event = change();
    await publishChanges([event]);
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
    await publishChanges([event]);
    await eventually(async () =>
      expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1),
    );
    const before = await facts().findOne({ _id: event.entryId as never });
    // A redelivery is the same payload under a message id JetStream has not seen (or after its window).
    await publishChanges([{ ...event, changedAt: new Date().toISOString() }]);
    await drained();
    expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1);
    expect(await facts().findOne({ _id: event.entryId as never })).toEqual(before);
  });

  it('keeps the newest version when changes arrive out of order', async () => {
    const entryId = randomUUID();
    await publishChanges([change({ entryId, version: 2, status: 'shipped' })]);
    await eventually(async () =>
      expect(await facts().findOne({ _id: entryId as never })).toMatchObject({ version: 2 }),
    );
    await publishChanges([change({ entryId, version: 1, status: 'pending' })]);
    await drained();
    expect(await facts().findOne({ _id: entryId as never })).toMatchObject({
      version: 2,
      status: 'shipped',
    });
    await publishChanges([change({ entryId, version: 3, status: 'delivered' })]);
    await eventually(async () =>
      expect(await facts().findOne({ _id: entryId as never })).toMatchObject({
        version: 3,
        status: 'delivered',
      }),
    );
  });

  it('forgets a deleted entry, once however often the deletion arrives, and for good', async () => {
    const event = change();
    await publishChanges([event]);
    await eventually(async () =>
      expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1),
    );
    const deletedAt = new Date().toISOString();
    await publishDeletion([event.entryId], deletedAt);
    await publishDeletion([event.entryId], deletedAt);
    await eventually(async () =>
      expect(await facts().findOne({ _id: event.entryId as never })).toMatchObject({
        deletedAt: new Date(deletedAt),
        itemTotal: null,
      }),
    );
    // A change from before the deletion, delivered late, does not bring the order back.
    await publishChanges([{ ...event, version: 7 }]);
    await drained();
    expect(await facts().countDocuments({ _id: event.entryId as never, deletedAt: null })).toBe(0);
    expect(await facts().countDocuments({ _id: event.entryId as never })).toBe(1);
  });

  it('forgets an entry whose deletion arrives before any change of it', async () => {
    const entryId = randomUUID();
    await publishDeletion([entryId], new Date().toISOString());
    await publishChanges([change({ entryId })]);
    await drained();
    expect(await facts().countDocuments({ _id: entryId as never, deletedAt: null })).toBe(0);
  });

  it('applies each change of a batch on its own: new, newer, older and repeated together', async () => {
    const known = change({ version: 2, status: 'processing' });
    const stale = change({ version: 5, status: 'shipped' });
    await publishChanges([known, stale]);
    await eventually(async () =>
      expect(
        await facts().countDocuments({ _id: { $in: [known.entryId, stale.entryId] } as never }),
      ).toBe(2),
    );
    const fresh = change();
    await publishChanges([
      fresh,
      { ...known, version: 3, status: 'shipped' },
      { ...stale, version: 4, status: 'pending' },
      { ...stale, version: 5, status: 'pending' },
    ]);
    await drained();
    expect(await facts().findOne({ _id: fresh.entryId as never })).toMatchObject({ version: 1 });
    expect(await facts().findOne({ _id: known.entryId as never })).toMatchObject({
      version: 3,
      status: 'shipped',
    });
    expect(await facts().findOne({ _id: stale.entryId as never })).toMatchObject({
      version: 5,
      status: 'shipped',
    });
  });

  it('forgets every entry of a deletion batch', async () => {
    const entries = [change(), change(), change()];
    await publishChanges(entries);
    await eventually(async () =>
      expect(
        await facts().countDocuments({
          _id: { $in: entries.map(({ entryId }) => entryId) } as never,
          deletedAt: null,
        }),
      ).toBe(3),
    );
    await publishDeletion(
      entries.slice(0, 2).map(({ entryId }) => entryId),
      new Date().toISOString(),
    );
    await drained();
    const live = await facts()
      .find({ _id: { $in: entries.map(({ entryId }) => entryId) } as never, deletedAt: null })
      .toArray();
    expect(live.map(({ _id }) => _id)).toEqual([entries[2]!.entryId]);
  });
});
