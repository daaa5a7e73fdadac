import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctOrderAtStoreFront, markShippedAtStoreFront } from '@onvelope/contracts';
import { connectNats, requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

describe('syncing a store', () => {
  let world: SyncWorld;
  let seller: Seller;
  let store: string;
  let connectionId: string;
  let nc: NatsConnection;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [{ ordersCount: 250, storeName: 'Moth & Rust' }],
      syncEnv: { STORE_FRONT_PAGE_LIMIT: '100' },
    });
    store = world.sim.stores[0]!.accountId;
    seller = await world.seller('sync-seller');
    connectionId = await world.connect(seller, store);
    nc = await connectNats(world.natsUrl, 'sync-test');
  });
  afterAll(async () => {
    await nc?.close();
    await world?.close();
  });

  const path = (tail: string) => `/api/bigcartel/connections/${connectionId}/${tail}`;

  it('calls the first sync a first sync, with the store-front estimate against stored orders', async () => {
    const status = await seller.get(path('sync-status'));
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      isFirstSync: true,
      syncRecommendation: 'full',
      storeName: 'Moth & Rust',
      estimatedApiOrders: 250,
      ordersInDatabase: 0,
    });
  });

  it('syncs every order in the background, page by page, and reports each progress field', async () => {
    const phases = new Set<string>();
    await world.sim.setFaults({ delay: { ms: 150, match: '/orders' } });
    const started = await seller.post(path('sync-all'));
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ jobId: expect.any(String), alreadyRunning: false });

    const second = await seller.post(path('sync-all'));
    expect(second.body).toMatchObject({ jobId: started.body.jobId, alreadyRunning: true });
    // Pages answer slowly (150 ms each): the job is still waiting or running at this scrape.
    const during = await (await fetch(`${world.sync[0]!.url}/metrics`)).text();
    expect(during).toMatch(/^sync_jobs\{[^}]*state="(queued|running)"[^}]*\} 1$/m);

    let last;
    for (;;) {
      last = (await seller.get(path('sync-progress'))).body;
      phases.add(last.progress.phase);
      if (!last.isCurrentlySyncing) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await world.sim.clearFaults();
    expect(last).toEqual({
      progress: {
        phase: 'completed',
        ordersFound: 250,
        ordersProcessed: 250,
        totalOrders: 250,
        totalOrdersInStore: 250,
        currentPage: 3,
        percentage: 100,
        syncedCount: 250,
        errorCount: 0,
        elapsedSeconds: expect.any(Number),
        pagesProcessed: 3,
      },
      syncStatus: 'completed',
      isCurrentlySyncing: false,
      lastSyncError: null,
    });
    expect([...phases].some((phase) => /^fetching_page_\d+$/.test(phase))).toBe(true);
    expect([...phases].some((phase) => /^processing_batch_\d+$/.test(phase))).toBe(true);

    const stored = await world.storedOrders(seller.accountId);
    expect(stored).toHaveLength(250);
    const list = (await seller.get('/api/bigcartel/connections')).body.connections;
    expect(list[0].lastSyncAt).not.toBeNull();
    const requests = await world.sim.requests({ route: '/v1/accounts/:accountId/orders' });
    expect(
      requests.every((request) => request.userAgent === 'ONVELOPE (https://onvelope.local)'),
    ).toBe(true);
    const metrics = await (await fetch(`${world.sync[0]!.url}/metrics`)).text();
    expect(metrics).toMatch(/^sync_jobs_total\{[^}]*outcome="completed"[^}]*\} [1-9]/m);
    expect(metrics).toMatch(
      /^sync_job_duration_seconds_count\{[^}]*outcome="completed"[^}]*\} [1-9]/m,
    );
    // The job is done: nothing of this store waits or runs.
    expect(metrics).toMatch(/^sync_jobs\{[^}]*state="running"[^}]*\} 0$/m);
    expect(metrics).toMatch(/^sync_jobs\{[^}]*state="queued"[^}]*\} 0$/m);
  });

  it('stores the store-front order as a tracking entry with the documented mapping', async () => {
    const [entry] = await world.ordersDb
      .collection('tracking_entries')
      .find({ accountId: seller.accountId })
      .limit(1)
      .toArray();
    const snapshot = await world.sim.getOrder(store, entry!.orderNumber);
    const attributes = snapshot!.attributes;
    expect(entry).toMatchObject({
      source: 'bigcartel',
      externalId: snapshot!.id,
      connectionId,
      firstName: attributes.customer_first_name,
      lastName: attributes.customer_last_name,
      email: attributes.customer_email,
      postcode: attributes.shipping_zip,
      shippingZip: attributes.shipping_zip,
      shippingCountry: attributes.shipping_country_id,
      status:
        snapshot!.shippingStatus === 'shipped'
          ? 'shipped'
          : expect.stringMatching(/pending|partially_shipped/),
      productName: snapshot!.items[0]!.productName,
      quantity: snapshot!.items.reduce((sum, item) => sum + item.quantity, 0),
    });
    expect(entry!.items).toContain(
      `${snapshot!.items[0]!.quantity} x ${snapshot!.items[0]!.productName}`,
    );
    expect(entry!.orderDate.toISOString()).toBe(attributes.created_at);
  });

  it('syncs only what changed since the last sync, counting new orders only', async () => {
    const status = await seller.get(path('sync-status'));
    expect(status.body).toMatchObject({
      isFirstSync: false,
      syncRecommendation: 'incremental',
      ordersInDatabase: 250,
    });

    await world.sim.changeOrders(store, { add: 5, touch: 3 });
    await world.sim.resetRequests();
    const synced = await seller.post(path('sync'));
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({
      syncedCount: 5,
      totalOrders: 8,
      totalOrdersInStore: 255,
      pagesProcessed: 1,
      errorCount: 0,
    });
    const listed = await world.sim.requests({ route: '/v1/accounts/:accountId/orders' });
    expect(listed.some((request) => request.url.includes('filter%5Bupdated_at_from%5D'))).toBe(
      true,
    );
    expect(await world.storedOrders(seller.accountId)).toHaveLength(255);

    const nothing = await seller.post(path('sync'));
    expect(nothing.body).toMatchObject({ syncedCount: 0, totalOrders: 0, totalOrdersInStore: 255 });
  });

  it('re-syncs everything without creating a single duplicate', async () => {
    await seller.post(path('sync-all'));
    const progress = await world.waitForSync(seller, connectionId);
    expect(progress.progress).toMatchObject({
      syncedCount: 0,
      ordersProcessed: 255,
      totalOrders: 255,
    });
    const stored = await world.storedOrders(seller.accountId);
    expect(stored).toHaveLength(255);
    expect(new Set(stored.map((entry) => entry.storeFrontKey)).size).toBe(255);
  });

  it('pushes a shipment to the store-front and reports when there is no connection', async () => {
    const unshipped = await world.ordersDb
      .collection('tracking_entries')
      .findOne({ accountId: seller.accountId, status: 'pending' });
    const request = {
      accountId: seller.accountId,
      connectionId,
      externalId: unshipped!.externalId as string,
      orderNumber: unshipped!.orderNumber as string,
      trackingNumber: 'AB123456789GB',
      courier: 'Royal Mail',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    };
    expect(await requestCommand(nc, markShippedAtStoreFront, request)).toEqual({ updated: true });
    const snapshot = await world.sim.getOrder(store, request.externalId);
    expect(snapshot!.shippingStatus).toBe('shipped');
    expect(snapshot!.shipments).toEqual([
      expect.objectContaining({
        carrier: 'Royal Mail',
        trackingNumber: 'AB123456789GB',
        trackingUrl: request.trackingUrl,
      }),
    ]);

    const noConnection = await requestCommand(nc, markShippedAtStoreFront, {
      ...request,
      accountId: 'seller-without-store',
      connectionId: null,
    });
    expect(noConnection).toEqual({
      updated: false,
      reason: 'No active BigCartel connection found',
    });

    const unknown = await requestCommand(nc, markShippedAtStoreFront, {
      ...request,
      connectionId: null,
      externalId: 'ZZZZ-000000',
    });
    expect(unknown).toMatchObject({ updated: false, reason: expect.stringContaining('not found') });
  });

  it('marks an order shipped from the dashboard and the store-front shows it shipped', async () => {
    // Not the order the previous test shipped at the store-front only.
    const [unshipped] = await world.ordersDb
      .collection('tracking_entries')
      .find({ accountId: seller.accountId, status: 'pending' })
      .skip(5)
      .limit(1)
      .toArray();
    const token = await world.issuer.merchantToken(seller.accountId);
    const response = await fetch(
      `${world.orders.url}/api/bigcartel/orders/${encodeURIComponent(unshipped!.orderNumber)}/shipped`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ trackingNumber: '1Z999AA10123456784', courier: 'UPS' }),
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ bigCartelUpdated: true });
    const snapshot = await world.sim.getOrder(store, unshipped!.externalId);
    expect(snapshot).toMatchObject({ shippingStatus: 'shipped' });
    expect(snapshot!.shipments.at(-1)).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it("carries the seller's corrections of a store-front order back to the store-front", async () => {
    const [order] = await world.ordersDb
      .collection('tracking_entries')
      .find({ accountId: seller.accountId, status: 'pending' })
      .skip(7)
      .limit(1)
      .toArray();
    const token = await world.issuer.merchantToken(seller.accountId);
    const entryUrl = `${world.orders.url}/api/upload/tracking-entries/${encodeURIComponent(order!.orderNumber)}`;
    const call = (method: string, url: string, body?: unknown) =>
      fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const edited = await call('PATCH', entryUrl, {
      firstName: 'Ada',
      lastName: 'Byron',
      shippingAddress1: '12 St James Square',
      shippingCity: 'London',
      shippingZip: 'SW1Y 4JH',
      shippingCountry: 'GB',
      personalNote: 'Gift wrap',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      storeFrontUpdated: true,
      message: `Order ${order!.orderNumber} saved; BigCartel updated too`,
    });
    expect((await world.sim.getOrder(store, order!.externalId))!.attributes).toMatchObject({
      customer_first_name: 'Ada',
      customer_last_name: 'Byron',
      shipping_address_1: '12 St James Square',
      shipping_city: 'London',
      shipping_zip: 'SW1Y 4JH',
      shipping_country_id: 'GB',
    });

    // A note is the seller's own: nothing goes to the store-front, and the answer says nothing of it.
    const noted = await call('PATCH', entryUrl, { personalNote: 'Gift wrap, blue paper' });
    expect(await noted.json()).not.toHaveProperty('storeFrontUpdated');

    const shipped = await call(
      'PUT',
      `${world.orders.url}/api/bigcartel/orders/${encodeURIComponent(order!.orderNumber)}/shipped`,
      { trackingNumber: '1Z999AA10123456785', courier: 'UPS' },
    );
    expect(await shipped.json()).toMatchObject({ bigCartelUpdated: true });
    const unshipped = await call('DELETE', `${entryUrl}/shipped`);
    expect(unshipped.status).toBe(200);
    expect(await unshipped.json()).toMatchObject({
      storeFrontUpdated: true,
      message: `Order ${order!.orderNumber} marked as unshipped; BigCartel shows it unshipped too`,
    });
    expect((await world.sim.getOrder(store, order!.externalId))!.shippingStatus).toBe('unshipped');
  });

  it('answers why a correction did not reach the store-front', async () => {
    const request = {
      accountId: 'seller-without-store',
      connectionId: null,
      externalId: 'ABCD-123456',
      orderNumber: 'ABCD-123456',
      correction: { shipped: false as const },
    };
    expect(await requestCommand(nc, correctOrderAtStoreFront, request)).toEqual({
      updated: false,
      reason: 'No active BigCartel connection found',
    });
    // Only a note changed, or a country typed as a name: nothing Big Cartel keeps.
    expect(
      await requestCommand(nc, correctOrderAtStoreFront, {
        ...request,
        accountId: seller.accountId,
        correction: { shippingCountry: 'United Kingdom' },
      }),
    ).toEqual({ updated: false, reason: 'nothing of this change can be kept at BigCartel' });
  });

  it("clears the seller's store-front orders and sync history, and says what it removed", async () => {
    const cleared = await seller.delete('/api/bigcartel/clear-all-data');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({
      message: expect.stringContaining('255'),
      deletedOrders: 255,
      deletedJobs: expect.any(Number),
    });
    expect(cleared.body.deletedJobs).toBeGreaterThanOrEqual(4);
    expect(await world.storedOrders(seller.accountId)).toHaveLength(0);
    const status = await seller.get(path('sync-status'));
    expect(status.body).toMatchObject({ isFirstSync: true, ordersInDatabase: 0 });
    expect((await seller.get(path('sync-progress'))).body.syncStatus).toBe('idle');
  });
});
