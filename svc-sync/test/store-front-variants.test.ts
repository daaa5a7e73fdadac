import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

interface Connected {
  seller: Seller;
  store: string;
  connectionId: string;
}

const ORDERS_ROUTE = '/v1/accounts/:accountId/orders';

describe('syncing store-fronts that answer in every shape the API may have', () => {
  let world: SyncWorld;
  let looseCounts: Connected;
  let tallTales: Connected;
  let unpaidInk: Connected;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [
        {
          ordersCount: 250,
          storeName: 'Loose Counts',
          listing: { countAsString: true, omitNextLink: true },
        },
        {
          ordersCount: 130,
          storeName: 'Tall Tales',
          listing: { omitNextLink: true, overstateCountBy: 25 },
        },
        { ordersCount: 35, storeName: 'Unpaid Ink' },
      ],
      syncEnv: { STORE_FRONT_PAGE_LIMIT: '100' },
    });
    const connect = async (position: number, sellerId: string): Promise<Connected> => {
      const seller = await world.seller(sellerId);
      const store = world.sim.stores[position]!.accountId;
      return { seller, store, connectionId: await world.connect(seller, store) };
    };
    looseCounts = await connect(0, 'loose-counts-seller');
    tallTales = await connect(1, 'tall-tales-seller');
    unpaidInk = await connect(2, 'unpaid-ink-seller');
  });
  afterAll(() => world?.close());

  const path = (who: Connected, tail: string) =>
    `/api/bigcartel/connections/${who.connectionId}/${tail}`;

  async function fullSync(who: Connected) {
    await world.sim.resetRequests();
    expect((await who.seller.post(path(who, 'sync-all'))).status).toBe(202);
    return world.waitForSync(who.seller, who.connectionId);
  }

  const offsetsAsked = async (who: Connected) =>
    (await world.sim.requests({ route: ORDERS_ROUTE, accountId: who.store })).map((request) =>
      new URL(request.url, world.sim.url).searchParams.get('page[offset]'),
    );

  const entriesOf = (who: Connected, orderNumbers: string[]) =>
    world.ordersDb
      .collection('tracking_entries')
      .find({ accountId: who.seller.accountId, orderNumber: { $in: orderNumbers } })
      .toArray()
      .then((entries) => new Map(entries.map((entry) => [entry.orderNumber, entry.status])));

  it('pages by offset when the store-front sends no next link, reading a count sent as a string', async () => {
    const status = await looseCounts.seller.get(path(looseCounts, 'sync-status'));
    expect(status.body).toMatchObject({ estimatedApiOrders: 250 });

    const progress = await fullSync(looseCounts);
    expect(progress).toMatchObject({
      syncStatus: 'completed',
      progress: {
        ordersFound: 250,
        ordersProcessed: 250,
        totalOrders: 250,
        pagesProcessed: 3,
        errorCount: 0,
      },
    });
    expect(await offsetsAsked(looseCounts)).toEqual(['0', '100', '200']);
    expect(await world.storedOrders(looseCounts.seller.accountId)).toHaveLength(250);

    await world.sim.changeOrders(looseCounts.store, { add: 5 });
    const synced = await looseCounts.seller.post(path(looseCounts, 'sync'));
    expect(synced.body).toEqual({
      syncedCount: 5,
      totalOrders: 5,
      totalOrdersInStore: 255,
      pagesProcessed: 1,
      errorCount: 0,
    });
  });

  it('keeps a product name with a comma whole in the synced lines and Items text', async () => {
    const name = 'Mystery Bundle: Pin, Patch and Sticker';
    const entry = await world.ordersDb
      .collection('tracking_entries')
      .findOne({ accountId: looseCounts.seller.accountId, 'lineItems.name': name });
    expect(entry?.items).toMatch(/(^|; )\d x Mystery Bundle: Pin, Patch and Sticker(; |$)/);
  });

  it('ends at an empty page when the count promises more orders than the store-front lists', async () => {
    const progress = await fullSync(tallTales);
    expect(progress).toMatchObject({
      syncStatus: 'completed',
      progress: {
        ordersFound: 130,
        ordersProcessed: 130,
        totalOrders: 130,
        percentage: 100,
        pagesProcessed: 3,
      },
    });
    expect(await offsetsAsked(tallTales)).toEqual(['0', '100', '130']);
    expect(await world.storedOrders(tallTales.seller.accountId)).toHaveLength(130);
  });

  describe("an order's payment", () => {
    let unpaid: string;
    let pending: string;
    let failed: string;
    let shippedUnpaid: string;
    let paidThenFailed: string;

    beforeAll(async () => {
      const { added } = await world.sim.changeOrders(unpaidInk.store, { add: 5 });
      [unpaid, pending, failed, shippedUnpaid, paidThenFailed] = added as [
        string,
        string,
        string,
        string,
        string,
      ];
      await world.sim.changeOrders(unpaidInk.store, {
        update: [
          { id: unpaid, attributes: { payment_status: 'unpaid' } },
          { id: pending, attributes: { payment_status: 'pending' } },
          { id: failed, attributes: { payment_status: 'failed' } },
          {
            id: shippedUnpaid,
            attributes: { payment_status: 'pending', shipping_status: 'shipped' },
          },
        ],
      });
    });

    it('leaves out orders awaiting payment and cancels unshipped ones whose payment failed', async () => {
      const progress = await fullSync(unpaidInk);
      expect(progress).toMatchObject({
        syncStatus: 'completed',
        progress: { ordersProcessed: 40, totalOrders: 40, syncedCount: 38, errorCount: 0 },
      });
      const statuses = await entriesOf(unpaidInk, [
        unpaid,
        pending,
        failed,
        shippedUnpaid,
        paidThenFailed,
      ]);
      expect(Object.fromEntries(statuses)).toEqual({
        [failed]: 'cancelled',
        [shippedUnpaid]: 'shipped',
        [paidThenFailed]: 'pending',
      });
      const job = await world.syncDb
        .collection('sync_jobs')
        .findOne({ connectionId: unpaidInk.connectionId }, { sort: { createdAt: -1 } });
      expect(job?.progress.awaitingPaymentCount).toBe(2);
    });

    it('takes an order in once it is paid, and out of the orders to ship once its payment fails', async () => {
      await world.sim.changeOrders(unpaidInk.store, {
        update: [
          { id: pending, attributes: { payment_status: 'completed' } },
          { id: paidThenFailed, attributes: { payment_status: 'failed' } },
        ],
      });
      const synced = await unpaidInk.seller.post(path(unpaidInk, 'sync'));
      expect(synced.body).toMatchObject({ syncedCount: 1, totalOrders: 2, errorCount: 0 });
      const statuses = await entriesOf(unpaidInk, [unpaid, pending, paidThenFailed]);
      expect(Object.fromEntries(statuses)).toEqual({
        [pending]: 'pending',
        [paidThenFailed]: 'cancelled',
      });
    });
  });
});
