import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEntryUpserted } from '@onvelope/contracts';
import { connectTestDatabase, pendingEntryChange, uniqueDatabaseName } from '@onvelope/testkit';
import {
  claimOutboxRecord,
  completeOutboxRecord,
  MAX_HELD_CHANGES,
  openOutboxRecord,
  outboxBacklog,
  settleOutboxRecord,
  takeHeldChanges,
  type OutboxIntent,
} from '../src/data/tracking-entry-outbox.js';
import { orderKeyOf, trackingEntryModel } from '../src/data/tracking-entry.model.js';
import type { TrackingEntryChange } from '../src/data/tracking-entry-change.js';
import { useOrdersHarness } from './service-harness.js';
import { csvOf } from './support.js';

const changesOf = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, n) => pendingEntryChange({ orderNumber: `${prefix}-${n}` }));

describe('the outbox holds a settled write’s changes in memory for its process’s relay', () => {
  let db: mongoose.Connection;
  let otherReplica: mongoose.Connection;

  beforeAll(async () => {
    const dbName = uniqueDatabaseName('outbox');
    db = await connectTestDatabase(dbName);
    otherReplica = await connectTestDatabase(dbName);
  });
  afterAll(async () => {
    await db.close();
    await otherReplica.close();
  });

  async function settled(changes: TrackingEntryChange[]) {
    const intent: OutboxIntent = {
      accountId: 'held-seller',
      kind: 'upserted',
      orderKeys: changes.map(({ orderNumber }) => orderKeyOf('held-seller', orderNumber)),
    };
    const id = await openOutboxRecord(db, intent);
    await settleOutboxRecord(db, id, intent, { changes });
    const record = await claimOutboxRecord(db, 30_000);
    expect(String(record?._id)).toBe(String(id));
    return record!;
  }

  it('stores the record without them and hands them over once, to its own process only', async () => {
    const changes = changesOf(3, 'HELD');
    const record = await settled(changes);

    const stored = await db.collection('tracking_entry_outbox').findOne({ _id: record._id });
    expect(stored).toMatchObject({ state: 'ready', accountId: 'held-seller' });
    expect(stored).not.toHaveProperty('changes');
    expect(takeHeldChanges(otherReplica, record)).toBeNull();
    expect(takeHeldChanges(db, record)).toEqual(changes);
    expect(takeHeldChanges(db, record)).toBeNull();
  });

  it('holds them before the record can be claimed, so a relay already under way finds them', async () => {
    const changes = changesOf(3, 'EARLY');
    const intent: OutboxIntent = {
      accountId: 'held-seller',
      kind: 'upserted',
      orderKeys: changes.map(({ orderNumber }) => orderKeyOf('held-seller', orderNumber)),
    };
    const id = await openOutboxRecord(db, intent);
    const settling = settleOutboxRecord(db, id, intent, { changes });
    // Its update has yet to reach the database, and the changes are held already.
    expect(takeHeldChanges(db, { _id: id })).toEqual(changes);
    await settling;
    const claimed = await claimOutboxRecord(db, 30_000);
    expect(String(claimed?._id)).toBe(String(id));
    await completeOutboxRecord(db, claimed!);
  });

  it(`lets the oldest go beyond ${MAX_HELD_CHANGES.toLocaleString('en-US')} changes`, async () => {
    const first = await settled(changesOf(MAX_HELD_CHANGES / 2 + 1, 'FIRST'));
    const second = await settled(changesOf(MAX_HELD_CHANGES / 2, 'SECOND'));

    expect(takeHeldChanges(db, first)).toBeNull();
    expect(takeHeldChanges(db, second)).toHaveLength(MAX_HELD_CHANGES / 2);
  });
});

describe('a ready record claimed without its writer’s changes (another replica’s)', () => {
  const orders = useOrdersHarness();

  it('is published as its entries are stored', async () => {
    const seller = await orders.seller(`replica-seller-${randomUUID()}`);
    const imported = await seller.upload(
      csvOf([{ orderNumber: 'REP-1' }, { orderNumber: 'REP-2' }]),
    );
    expect(imported.status).toBe(200);
    await expect
      .poll(async () => (await outboxBacklog(orders.db)).pending, { timeout: 10_000 })
      .toBe(0);

    // Another replica ships REP-2 and settles its record; this service never held its changes.
    const entries = trackingEntryModel(orders.db);
    await entries.collection.updateOne(
      { accountId: seller.accountId, orderNumber: 'REP-2' },
      { $set: { status: 'shipped', updatedAt: new Date() }, $inc: { version: 1 } },
    );
    await orders.db.collection('tracking_entry_outbox').insertOne({
      _id: new mongoose.Types.ObjectId(),
      accountId: seller.accountId,
      kind: 'upserted',
      state: 'ready',
      orderKeys: [orderKeyOf(seller.accountId, 'REP-2')],
      entryIds: [],
      deletedAt: null,
      availableAt: new Date(),
      claim: null,
    });

    const jsm = await jetstreamManager(orders.nc);
    const lastPublished = async () => {
      const message = await jsm.streams.getMessage(trackingEntryUpserted.stream.name, {
        last_by_subj: trackingEntryUpserted.subject,
      });
      return message!.json() as {
        accountId: string;
        changes: TrackingEntryChange[];
      };
    };
    // The relay looks at the outbox every second when nothing wakes it.
    await expect.poll(lastPublished, { timeout: 10_000, interval: 200 }).toMatchObject({
      accountId: seller.accountId,
      changes: [{ orderNumber: 'REP-2', status: 'shipped', version: 2 }],
    });
    expect((await outboxBacklog(orders.db)).pending).toBe(0);
  }, 60_000);
});
