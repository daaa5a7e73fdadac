import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

describe('a seller with several connected stores', () => {
  let world: SyncWorld;
  let seller: Seller;
  let stranger: Seller;
  let small: string;
  let large: string;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [
        { ordersCount: 30, storeName: 'Little Press' },
        { ordersCount: 170, storeName: 'Big Press' },
      ],
    });
    const [smallStore, largeStore] = world.sim.stores.map((store) => store.accountId);
    seller = await world.seller('several-stores-seller');
    stranger = await world.seller('several-stores-stranger');
    small = await world.connect(seller, smallStore!);
    large = await world.connect(seller, largeStore!);
  });
  afterAll(() => world?.close());

  const path = (connectionId: string, tail: string) =>
    `/api/bigcartel/connections/${connectionId}/${tail}`;

  it('syncs both stores at once, each with its own job, progress and result', async () => {
    const [startedSmall, startedLarge] = await Promise.all([
      seller.post(path(small, 'sync-all')),
      seller.post(path(large, 'sync-all')),
    ]);
    expect([startedSmall.status, startedLarge.status]).toEqual([202, 202]);
    expect(startedSmall.body.jobId).not.toBe(startedLarge.body.jobId);

    const [doneSmall, doneLarge] = await Promise.all([
      world.waitForSync(seller, small),
      world.waitForSync(seller, large),
    ]);
    expect(doneSmall).toMatchObject({
      syncStatus: 'completed',
      progress: { syncedCount: 30, totalOrders: 30, totalOrdersInStore: 30, percentage: 100 },
    });
    expect(doneLarge).toMatchObject({
      syncStatus: 'completed',
      progress: { syncedCount: 170, totalOrders: 170, totalOrdersInStore: 170, percentage: 100 },
    });

    const stored = await world.ordersDb
      .collection('tracking_entries')
      .aggregate<{ _id: string; count: number }>([
        { $match: { accountId: seller.accountId, source: 'bigcartel' } },
        { $group: { _id: '$connectionId', count: { $sum: 1 } } },
      ])
      .toArray();
    expect(Object.fromEntries(stored.map((group) => [group._id, group.count]))).toEqual({
      [small]: 30,
      [large]: 170,
    });
    const { connections } = (await seller.get('/api/bigcartel/connections')).body;
    expect(
      connections.map((c: { storeName: string; lastSyncAt: string | null }) => [
        c.storeName,
        c.lastSyncAt !== null,
      ]),
    ).toEqual([
      ['Little Press', true],
      ['Big Press', true],
    ]);
  });

  it("reports an incremental sync of one store against that store's own count", async () => {
    await world.sim.changeOrders(world.sim.stores[1]!.accountId, { add: 4 });
    const synced = await seller.post(path(large, 'sync'));
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ syncedCount: 4, totalOrdersInStore: 174 });
    expect((await seller.get(path(large, 'sync-progress'))).body.progress).toMatchObject({
      syncedCount: 4,
      totalOrders: 4,
      totalOrdersInStore: 174,
    });
    // The other store's latest result is still its own.
    expect((await seller.get(path(small, 'sync-progress'))).body.progress).toMatchObject({
      syncedCount: 30,
      totalOrdersInStore: 30,
    });
  });

  it("answers 404 to every call another seller makes with this seller's connection ids", async () => {
    for (const connectionId of [small, large]) {
      const answers = [
        await stranger.get(path(connectionId, 'sync-status')),
        await stranger.get(path(connectionId, 'sync-progress')),
        await stranger.post(path(connectionId, 'sync-all')),
        await stranger.post(path(connectionId, 'sync')),
        await stranger.delete(`/api/bigcartel/disconnect/${connectionId}`),
        await stranger.delete(`/api/bigcartel/connections/${connectionId}`),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(new Set(answers.map((answer) => answer.body.error))).toEqual(
        new Set(['No active BigCartel connection found']),
      );
    }
    const { connections } = (await seller.get('/api/bigcartel/connections')).body;
    expect(connections.map((c: { isActive: boolean }) => c.isActive)).toEqual([true, true]);
  });

  it('disconnects one store and leaves the other connected and syncing', async () => {
    const answer = await seller.delete(`/api/bigcartel/connections/${small}`);
    expect(answer.status).toBe(200);
    const { connections } = (await seller.get('/api/bigcartel/connections')).body;
    expect(
      connections.map((c: { storeName: string; isActive: boolean }) => [c.storeName, c.isActive]),
    ).toEqual([
      ['Little Press', false],
      ['Big Press', true],
    ]);
    expect((await seller.post(path(small, 'sync'))).status).toBe(409);
    const synced = await seller.post(path(large, 'sync'));
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ syncedCount: 0, totalOrdersInStore: 174 });
  });
});
