import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAuthorization } from '@onvelope/storefront-sim';
import { signState } from '../src/domain/oauth-state.js';
import { connectMessages } from '../src/use-cases/connect-store.js';
import { callback, STATE_SECRET, startSyncWorld, type Seller, type SyncWorld } from './support.js';

describe('store-front connections', () => {
  let world: SyncWorld;
  let sellerA: Seller;
  let sellerB: Seller;
  let storeA: string;
  let storeB: string;

  beforeAll(async () => {
    world = await startSyncWorld({
      stores: [
        { ordersCount: 5, storeName: 'Paper Moon' },
        { ordersCount: 5, storeName: 'Ink Well' },
      ],
    });
    [storeA, storeB] = world.sim.stores.map((store) => store.accountId) as [string, string];
    sellerA = await world.seller('conn-seller-a');
    sellerB = await world.seller('conn-seller-b');
  });
  afterAll(() => world?.close());

  it('connects a store through the OAuth round trip and returns to the dashboard', async () => {
    const connect = await sellerA.get('/api/bigcartel/connect');
    expect(connect.status).toBe(200);
    const authUrl = new URL(connect.body.authUrl);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(world.sim.authorizeUrl);
    expect(authUrl.searchParams.get('client_id')).toBe(world.sim.clientId);
    expect(authUrl.searchParams.get('response_type')).toBe('code');
    expect(authUrl.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);

    const approved = await answerAuthorization(connect.body.authUrl, storeA, 'approve');
    expect(approved.searchParams.get('code')).toBeTruthy();
    const back = await callback(world.sync[0]!.url, approved.search);
    expect(back.status).toBe(302);
    expect(back.location.origin + back.location.pathname).toBe('http://localhost:8080/dashboard');
    expect(Object.fromEntries(back.location.searchParams)).toEqual({
      connected: 'true',
      store: 'Paper Moon',
    });

    // As the screen asks: a cache-busting parameter (spec 000 §7), which changes nothing.
    const list = await sellerA.get(`/api/bigcartel/connections?_=${Date.now()}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.connections).toEqual([
      {
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        storeUrl: expect.stringContaining('.bigcartel.com'),
        storeName: 'Paper Moon',
        createdAt: expect.any(String),
        isActive: true,
        lastSyncAt: null,
      },
    ]);
  });

  it('stores the access token encrypted, never in the clear', async () => {
    const stored = await world.syncDb.collection('store_front_connections').findOne({
      accountId: sellerA.accountId,
    });
    expect(stored?.accessToken).toMatch(/^v1\./);
    const tokens = world.sim.stores.map((store) => store.accessToken);
    expect(JSON.stringify(stored)).not.toContain(tokens[0]);
  });

  it('refuses a forged state and an expired one, and reports a denial', async () => {
    const { authUrl } = (await sellerA.get('/api/bigcartel/connect')).body;
    const approved = await answerAuthorization(authUrl, storeA, 'approve');
    const code = approved.searchParams.get('code')!;

    const forged = signState(
      'not-our-secret-at-all',
      { accountId: 'x', userId: 'y' },
      Date.now() + 60_000,
    );
    const forgedBack = await callback(world.sync[0]!.url, `?code=${code}&state=${forged}`);
    expect(forgedBack.location.pathname).toBe('/dashboard');
    expect(forgedBack.location.searchParams.get('error')).toBe(connectMessages.forgedState);
    expect(forgedBack.location.searchParams.has('connected')).toBe(false);

    const expired = signState(
      STATE_SECRET,
      { accountId: 'conn-seller-a', userId: 'u' },
      Date.now() - 1,
    );
    const expiredBack = await callback(world.sync[0]!.url, `?code=${code}&state=${expired}`);
    expect(expiredBack.location.searchParams.get('error')).toBe(connectMessages.expiredState);

    const denied = await answerAuthorization(
      (await sellerA.get('/api/bigcartel/connect')).body.authUrl,
      storeA,
      'deny',
    );
    expect(denied.searchParams.get('error')).toBe('access_denied');
    const deniedBack = await callback(world.sync[0]!.url, denied.search);
    expect(deniedBack.location.searchParams.get('error')).toBe(connectMessages.denied);
    expect((await sellerA.get('/api/bigcartel/connections')).body.connections).toHaveLength(1);
  });

  it('never shows one seller the connections or jobs of another', async () => {
    const connectionB = await world.connect(sellerB, storeB);
    const [connectionA] = (await sellerA.get('/api/bigcartel/connections')).body.connections;
    expect(
      (await sellerB.get('/api/bigcartel/connections')).body.connections.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([connectionB]);

    const started = await sellerA.post(`/api/bigcartel/connections/${connectionA.id}/sync-all`);
    expect(started.status).toBe(202);
    await world.waitForSync(sellerA, connectionA.id);

    for (const path of ['sync-status', 'sync-progress']) {
      const peek = await sellerB.get(`/api/bigcartel/connections/${connectionA.id}/${path}`);
      expect(peek.status).toBe(404);
      expect(peek.body.error).toBe('No active BigCartel connection found');
    }
    expect(
      (await sellerB.post(`/api/bigcartel/connections/${connectionA.id}/sync-all`)).status,
    ).toBe(404);
    expect((await sellerB.delete(`/api/bigcartel/disconnect/${connectionA.id}`)).status).toBe(404);
    expect(
      (await sellerB.get(`/api/bigcartel/connections/${connectionB}/sync-progress`)).body,
    ).toMatchObject({
      syncStatus: 'idle',
      isCurrentlySyncing: false,
    });
    const clearB = await sellerB.delete('/api/bigcartel/clear-all-data');
    expect(clearB.body).toMatchObject({ deletedOrders: 0, deletedJobs: 0 });
    expect(await world.storedOrders(sellerA.accountId)).toHaveLength(5);
  });

  it('disconnects: deauthorises at the store-front, keeps the synced orders, stops syncing', async () => {
    const [connection] = (await sellerA.get('/api/bigcartel/connections')).body.connections;
    await world.sim.resetRequests();
    const answer = await sellerA.delete(`/api/bigcartel/connections/${connection.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: expect.stringContaining('Paper Moon'),
      removedOrders: 0,
    });
    const deauthorised = await world.sim.requests({ pathPrefix: `/oauth/deauthorize/${storeA}` });
    expect(deauthorised.map((request) => request.status)).toEqual([204]);

    const list = await sellerA.get('/api/bigcartel/connections');
    expect(list.body.connections[0]).toMatchObject({ id: connection.id, isActive: false });
    expect(await world.storedOrders(sellerA.accountId)).toHaveLength(5);
    const again = await sellerA.post(`/api/bigcartel/connections/${connection.id}/sync-all`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('No active BigCartel connection found');
    const stored = await world.syncDb.collection('store_front_connections').findOne({
      accountId: sellerA.accountId,
    });
    expect(stored?.accessToken).toBeNull();
  });

  it('reconnecting the same store reactivates its connection instead of adding one', async () => {
    await world.connect(sellerA, storeA);
    const list = (await sellerA.get('/api/bigcartel/connections')).body.connections;
    expect(list).toHaveLength(1);
    expect(list[0].isActive).toBe(true);
  });

  it('asks for a token on every call but the OAuth return', async () => {
    const response = await fetch(`${world.sync[0]!.url}/api/bigcartel/connections`);
    expect(response.status).toBe(401);
  });
});
