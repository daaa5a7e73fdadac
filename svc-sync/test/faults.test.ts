import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncMessages } from '../src/use-cases/store-front-access.js';
import { startSyncWorld, type Seller, type SyncWorld } from './support.js';

describe('a sync against a store-front that misbehaves', () => {
  let world: SyncWorld;
  let seller: Seller;
  let store: string;
  let connectionId: string;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [{ ordersCount: 300, storeName: 'Faulty Towers' }],
      syncEnv: { STORE_FRONT_PAGE_LIMIT: '100', STORE_FRONT_MAX_ATTEMPTS: '4' },
    });
    store = world.sim.stores[0]!.accountId;
    seller = await world.seller('fault-seller');
    connectionId = await world.connect(seller, store);
  });
  afterEach(() => world.sim.clearFaults());
  afterAll(() => world?.close());

  const path = (tail: string) => `/api/bigcartel/connections/${connectionId}/${tail}`;
  // Refused requests never reach a route, so they are found by path.
  const ordersPath = () => `/v1/accounts/${store}/orders`;

  async function fullSync() {
    await world.sim.resetRequests();
    const started = Date.now();
    const start = await seller.post(path('sync-all'));
    expect(start.status).toBe(202);
    const progress = await world.waitForSync(seller, connectionId);
    return { progress, seconds: (Date.now() - started) / 1000 };
  }

  it('waits as Retry-After asks on 429 and still syncs every order', async () => {
    await world.sim.setFaults({ rateLimit: { next: 2, retryAfterSeconds: 1, match: '/orders' } });
    const { progress, seconds } = await fullSync();
    expect(progress).toMatchObject({ syncStatus: 'completed', progress: { ordersProcessed: 300 } });
    expect(await world.sim.requestCount({ pathPrefix: ordersPath(), status: 429 })).toBe(2);
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(await world.storedOrders(seller.accountId)).toHaveLength(300);
  });

  it('backs off on 429 without Retry-After and on 5xx, then carries on', async () => {
    await world.sim.setFaults({
      rateLimit: { next: 1, omitRetryAfter: true, match: '/orders' },
      serverError: { next: 2, status: 503, match: 'page[offset]=100' },
    });
    const { progress } = await fullSync();
    expect(progress).toMatchObject({
      syncStatus: 'completed',
      progress: { ordersProcessed: 300, pagesProcessed: 3, errorCount: 0 },
    });
    expect(await world.sim.requestCount({ pathPrefix: ordersPath(), status: 503 })).toBe(2);
    expect(await world.storedOrders(seller.accountId)).toHaveLength(300);
  });

  it('fails the job with the reason when the store-front keeps failing', async () => {
    await world.sim.setFaults({
      serverError: { next: 50, status: 500, match: 'page[offset]=200' },
    });
    const { progress } = await fullSync();
    expect(progress).toMatchObject({
      syncStatus: 'failed',
      isCurrentlySyncing: false,
      progress: { phase: 'failed', pagesProcessed: 2 },
      lastSyncError: expect.stringContaining(
        `${syncMessages.syncFailed}: The store-front answered 500`,
      ),
    });
    expect(await world.sim.requestCount({ pathPrefix: ordersPath(), status: 500 })).toBe(4);
    const list = (await seller.get('/api/bigcartel/connections')).body.connections;
    expect(list[0].isActive).toBe(true);
  });

  it('ends the job as failed and the connection inactive when the token is revoked mid-sync', async () => {
    await world.sim.setFaults({ delay: { ms: 300, match: '/orders' } });
    await seller.post(path('sync-all'));
    await expect
      .poll(async () => (await seller.get(path('sync-progress'))).body.progress.pagesProcessed, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    const basic = Buffer.from(`${world.sim.clientId}:${world.sim.clientSecret}`).toString('base64');
    const revoked = await fetch(`${world.sim.deauthorizeUrl}/${store}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    expect(revoked.status).toBe(204);

    const progress = await world.waitForSync(seller, connectionId);
    expect(progress).toMatchObject({
      syncStatus: 'failed',
      progress: { phase: 'failed' },
      lastSyncError: 'Your BigCartel authorization has expired. Please reconnect your store.',
    });
    expect(progress.progress.pagesProcessed).toBeLessThan(3);
    const list = (await seller.get('/api/bigcartel/connections')).body.connections;
    expect(list[0].isActive).toBe(false);
    const status = await seller.get(path('sync-status'));
    expect(status.status).toBe(409);
    expect(status.body.error).toBe(syncMessages.authExpired);
  });
});
