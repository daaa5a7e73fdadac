import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MAPPING_VERSION } from '../src/domain/bigcartel-order.js';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

/**
 * Issue 38 item 4: the demo store sells in US dollars, and its amounts were shown as pounds. A
 * synced order keeps the currency Big Cartel relates it to.
 */
describe("syncing the store-front's currency", () => {
  let world: SyncWorld;
  let seller: Seller;
  let connectionId: string;

  beforeAll(async () => {
    world = await startSyncWorld({ stores: [{ ordersCount: 30, currency: 'USD', country: 'US' }] });
    seller = await world.seller('currency-seller');
    connectionId = await world.connect(seller, world.sim.stores[0]!.accountId);
  });
  afterAll(() => world?.close());

  const path = (tail: string) => `/api/bigcartel/connections/${connectionId}/${tail}`;
  const entries = () => world.ordersDb.collection('tracking_entries');
  const currenciesStored = async () =>
    entries().distinct('currency', { accountId: seller.accountId });

  it('stores every synced order with the store-front order’s currency', async () => {
    await seller.post(path('sync-all'));
    expect(await world.waitForSync(seller, connectionId)).toMatchObject({
      syncStatus: 'completed',
      progress: { syncedCount: 30, errorCount: 0 },
    });
    expect(await currenciesStored()).toEqual(['USD']);
    expect(
      await entries().countDocuments({ accountId: seller.accountId, itemTotal: { $gt: 0 } }),
    ).toBeGreaterThan(0);
  });

  it('gives orders synced before the mapping read currencies theirs, at the next sync', async () => {
    // As stored by a sync before the mapping read currencies: unchanged at the store-front since.
    await entries().updateMany({ accountId: seller.accountId }, { $set: { currency: null } });
    await world.syncDb
      .collection('store_front_connections')
      .updateOne({ accountId: seller.accountId }, { $set: { mappedWith: 2 } });

    await seller.post(path('sync'));
    await world.waitForSync(seller, connectionId);
    expect(await currenciesStored()).toEqual(['USD']);
    expect(
      await world.syncDb
        .collection('store_front_connections')
        .findOne({ accountId: seller.accountId }),
    ).toMatchObject({ mappedWith: ORDER_MAPPING_VERSION });
  });
});
