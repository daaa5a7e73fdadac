import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderSnapshot } from '@onvelope/storefront-sim';
import { ORDER_MAPPING_VERSION } from '../src/domain/bigcartel-order.js';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

interface StoredTracking {
  orderNumber: string;
  status: string;
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

describe("syncing the store-front's shipments", () => {
  let world: SyncWorld;
  let seller: Seller;
  let store: string;
  let connectionId: string;

  beforeAll(async () => {
    world = await startSyncWorld({ stores: [{ ordersCount: 120, storeName: 'Paper Moths' }] });
    store = world.sim.stores[0]!.accountId;
    seller = await world.seller('shipments-seller');
    connectionId = await world.connect(seller, store);
  });
  afterAll(() => world?.close());

  const path = (tail: string) => `/api/bigcartel/connections/${connectionId}/${tail}`;

  const stored = async (orderNumber: string) =>
    (await world.ordersDb.collection('tracking_entries').findOne(
      { accountId: seller.accountId, orderNumber },
      {
        projection: { orderNumber: 1, status: 1, courier: 1, trackingNumber: 1, trackingUrl: 1 },
      },
    )) as StoredTracking | null;

  const snapshotsOf = async (orderNumbers: string[]) =>
    (await Promise.all(orderNumbers.map((id) => world.sim.getOrder(store, id)))).filter(
      (snapshot): snapshot is OrderSnapshot => snapshot !== undefined,
    );

  it("stores each shipped order's courier, tracking number and link, and none for orders without a shipment", async () => {
    await seller.post(path('sync-all'));
    expect(await world.waitForSync(seller, connectionId)).toMatchObject({
      syncStatus: 'completed',
      progress: { syncedCount: 120, errorCount: 0 },
    });
    const entries = (await world.ordersDb
      .collection('tracking_entries')
      .find({ accountId: seller.accountId })
      .toArray()) as unknown as StoredTracking[];
    const snapshots = new Map(
      (await snapshotsOf(entries.map((entry) => entry.orderNumber))).map((s) => [s.id, s]),
    );
    const withShipment = entries.filter((entry) => snapshots.get(entry.orderNumber)?.shipments[0]);
    const shippedWithout = entries.filter(
      (entry) =>
        entry.status === 'shipped' && snapshots.get(entry.orderNumber)?.shipments.length === 0,
    );
    // The seeded store has both kinds, or this test would prove nothing.
    expect(withShipment.length).toBeGreaterThan(10);
    expect(shippedWithout.length).toBeGreaterThan(5);

    for (const entry of withShipment) {
      const shipment = snapshots.get(entry.orderNumber)!.shipments.at(-1)!;
      expect(entry).toMatchObject({
        status: 'shipped',
        courier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
      });
    }
    for (const entry of shippedWithout) {
      expect(entry).toMatchObject({ courier: null, trackingNumber: null, trackingUrl: null });
    }
  });

  it('fills the tracking of a stored order when a later sync brings its shipment', async () => {
    const pending = await world.ordersDb
      .collection('tracking_entries')
      .findOne({ accountId: seller.accountId, status: 'pending' });
    expect(pending).toMatchObject({ courier: null, trackingNumber: null });
    const orderNumber = pending!.orderNumber as string;
    await world.sim.changeOrders(store, {
      update: [
        {
          id: orderNumber,
          attributes: {
            shipping_status: 'shipped',
            carrier: 'royal mail',
            tracking_number: 'RM123456785GB',
            tracking_url: null,
          },
        },
      ],
    });
    const synced = await seller.post(path('sync'));
    expect(synced.body).toMatchObject({ syncedCount: 0, errorCount: 0 });
    expect(await stored(orderNumber)).toMatchObject({
      status: 'shipped',
      // Named as ONVELOPE names the carrier, with its tracking link, as if the seller had typed it.
      courier: 'Royal Mail',
      trackingNumber: 'RM123456785GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB',
    });
  });

  it("keeps the tracking the seller entered in ONVELOPE over the store-front's", async () => {
    const pending = await world.ordersDb
      .collection('tracking_entries')
      .findOne({ accountId: seller.accountId, status: 'pending' });
    const orderNumber = pending!.orderNumber as string;
    const token = await world.issuer.merchantToken(seller.accountId);
    const shipped = await fetch(
      `${world.orders.url}/api/bigcartel/orders/${encodeURIComponent(orderNumber)}/shipped`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ trackingNumber: '1Z999AA10123456784', courier: 'UPS' }),
      },
    );
    expect(shipped.status).toBe(200);
    // The seller then records another parcel at the store-front itself.
    await world.sim.changeOrders(store, {
      update: [
        {
          id: orderNumber,
          attributes: { carrier: 'DPD', tracking_number: '15501234567890', tracking_url: null },
        },
      ],
    });
    expect((await world.sim.getOrder(store, orderNumber))!.shipments.at(-1)).toMatchObject({
      carrier: 'DPD',
    });
    await seller.post(path('sync'));
    expect(await stored(orderNumber)).toMatchObject({
      courier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
  });

  it('reads the whole store once when the connection was last read before shipments were', async () => {
    const entries = world.ordersDb.collection('tracking_entries');
    const connections = world.syncDb.collection('store_front_connections');
    const withTracking = await entries.findOne({
      accountId: seller.accountId,
      trackingNumber: { $ne: null },
      courier: { $ne: 'UPS' },
    });
    const orderNumber = withTracking!.orderNumber as string;
    const forget = () =>
      entries.updateOne(
        { _id: withTracking!._id },
        { $set: { courier: null, trackingNumber: null, trackingUrl: null } },
      );
    // As stored by a sync before the mapping read shipments: long shipped, unchanged since.
    await forget();
    await connections.updateOne({ accountId: seller.accountId }, { $set: { mappedWith: 1 } });

    await seller.post(path('sync'));
    expect(await stored(orderNumber)).toMatchObject({
      trackingNumber: withTracking!.trackingNumber,
    });
    expect(await connections.findOne({ accountId: seller.accountId })).toMatchObject({
      mappedWith: ORDER_MAPPING_VERSION,
    });

    // Once: the next sync asks only for what changed again, so the unchanged order stays as it is.
    await forget();
    await seller.post(path('sync'));
    expect(await stored(orderNumber)).toMatchObject({ trackingNumber: null });
  });
});
