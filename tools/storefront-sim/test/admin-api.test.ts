import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectStoreFrontSimAdmin,
  startStoreFrontSim,
  type StoreFrontSim,
  type StoreFrontSimAdmin,
} from '../src/index.js';
import { call, list, listAll, ordersPath } from './helpers.js';

describe('admin API over HTTP', () => {
  let sim: StoreFrontSim;
  let admin: StoreFrontSimAdmin;
  beforeAll(async () => {
    sim = await startStoreFrontSim({ seed: 21, stores: [{ ordersCount: 3 }] });
    admin = connectStoreFrontSimAdmin(sim.url);
  });
  afterAll(() => sim.close());

  it('creates a store with N orders and hands back its credentials', async () => {
    const created = await admin.createStore({
      ordersCount: 42,
      storeName: 'Paper Moon',
      subdomain: 'papermoon',
      currency: 'GBP',
      country: 'GB',
    });
    expect(created).toMatchObject({
      storeName: 'Paper Moon',
      subdomain: 'papermoon',
      currency: 'GBP',
      ordersCount: 42,
      url: 'https://papermoon.bigcartel.com',
    });
    const page = await list(sim, created.accessToken, ordersPath(created.accountId));
    expect(page.meta.count).toBe(42);
    expect((await admin.listStores()).map((store) => store.subdomain)).toContain('papermoon');
  });

  it('refuses a store it cannot create', async () => {
    const response = await fetch(`${sim.url}/_admin/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'XYZ' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('currency') });
  });

  it('adds new orders and updates existing ones so an incremental sync has something to find', async () => {
    const store = await admin.createStore({ ordersCount: 30 });
    const since = new Date().toISOString();
    const existing = (
      await list(
        sim,
        store.accessToken,
        ordersPath(store.accountId, 'sort=created_at&page[limit]=1&page[offset]=1'),
      )
    ).data[0]!;
    const result = await admin.changeOrders(store.accountId, {
      add: 5,
      touch: 3,
      update: [{ id: existing.id, attributes: { shipping_status: 'shipped' } }],
    });
    expect(result.added).toHaveLength(5);
    expect(result.updated).toHaveLength(4);
    expect(result.ordersCount).toBe(35);

    const changed = await listAll(
      sim,
      store.accessToken,
      ordersPath(
        store.accountId,
        `filter[updated_at_from]=${since}&sort=updated_at&page[limit]=100`,
      ),
    );
    const ids = changed.flatMap((page) => page.data.map((order) => order.id));
    expect(new Set(ids)).toEqual(new Set([...result.added, ...result.updated]));
    const newest = await list(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=5'));
    expect(new Set(newest.data.map((order) => order.id))).toEqual(new Set(result.added));
    expect(newest.data.every((order) => order.attributes.shipping_status === 'unshipped')).toBe(
      true,
    );
    expect((await admin.getOrder(store.accountId, existing.id))!.shippingStatus).toBe('shipped');
  });

  it('creates a store whose listings come in another shape, and refuses an unknown shape', async () => {
    const store = await admin.createStore({
      ordersCount: 12,
      listing: { countAsString: true, omitNextLink: true, overstateCountBy: 3 },
    });
    const first = await list(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=5'));
    expect(first.meta.count).toBe('15');
    expect(first.links).toEqual({});
    const last = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'page[limit]=5&page[offset]=10'),
    );
    expect(last.data).toHaveLength(2);
    const beyond = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'page[limit]=5&page[offset]=12'),
    );
    expect(beyond).toMatchObject({ data: [], meta: { count: '15' } });

    const refused = await fetch(`${sim.url}/_admin/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listing: { omitNextLink: 'yes' } }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'listing.omitNextLink must be true or false',
    });
  });

  it("sets an order's payment status, which no API client can change", async () => {
    const store = await admin.createStore({ ordersCount: 4 });
    const [order] = (await list(sim, store.accessToken, ordersPath(store.accountId))).data;
    expect(order!.attributes.payment_status).toBe('completed');
    const before = Date.now();
    await admin.changeOrders(store.accountId, {
      update: [{ id: order!.id, attributes: { payment_status: 'pending', customer_note: 'Gift' } }],
    });
    const changed = await admin.getOrder(store.accountId, order!.id);
    expect(changed!.attributes).toMatchObject({ payment_status: 'pending', customer_note: 'Gift' });
    expect(Date.parse(changed!.updatedAt)).toBeGreaterThanOrEqual(before);

    await expect(
      admin.changeOrders(store.accountId, {
        update: [{ id: order!.id, attributes: { payment_status: 'lost' } }],
      }),
    ).rejects.toThrow(/payment_status must be one of completed, unpaid, pending, failed, invalid/);
    const patched = await call(
      sim,
      store.accessToken,
      `/v1/accounts/${store.accountId}/orders/${order!.id}`,
      {
        method: 'PATCH',
        body: { data: { type: 'orders', attributes: { payment_status: 'completed' } } },
      },
    );
    expect(patched).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'attribute_not_writable' }] },
    });
  });

  it('reads an order with its shipments, and answers 404 for one that does not exist', async () => {
    const store = sim.stores[0]!;
    const order = (await list(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=1')))
      .data[0]!;
    await call(
      sim,
      store.accessToken,
      `/v1/accounts/${store.accountId}/orders/${order.id}/shipments`,
      {
        method: 'POST',
        body: {
          data: { type: 'shipments', attributes: { carrier: 'USPS', tracking_number: '9400111' } },
        },
      },
    );
    const response = await fetch(`${sim.url}/_admin/orders/${store.accountId}/${order.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: order.id,
      shippingStatus: 'shipped',
      shipments: [{ carrier: 'USPS', trackingNumber: '9400111' }],
    });
    expect(await admin.getOrder(store.accountId, 'NOPE-000000')).toBeUndefined();
  });

  it('sets, reads and clears faults, and refuses a malformed one', async () => {
    expect(await admin.setFaults({ rateLimit: { next: 1, retryAfterSeconds: 2 } })).toEqual({
      rateLimit: { next: 1, retryAfterSeconds: 2 },
    });
    const store = sim.stores[0]!;
    expect((await call(sim, store.accessToken, '/v1/accounts')).status).toBe(429);
    await admin.setFaults({ delay: { ms: 1 } });
    expect(Object.keys(await admin.getFaults())).toEqual(['delay']);
    await admin.clearFaults();
    expect(await admin.getFaults()).toEqual({});
    const bad = await fetch(`${sim.url}/_admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ meteor: {} }),
    });
    expect(bad.status).toBe(400);
  });

  it("sets, reads and clears one store's faults, and refuses an unknown store or fault", async () => {
    const store = sim.stores[0]!;
    expect(await admin.setStoreFaults(store.accountId, { rateLimit: { next: 1 } })).toEqual({
      rateLimit: { next: 1 },
    });
    expect(await admin.getFaults()).toEqual({});
    expect((await call(sim, store.accessToken, ordersPath(store.accountId))).status).toBe(429);
    expect((await call(sim, store.accessToken, ordersPath(store.accountId))).status).toBe(200);
    await admin.setStoreFaults(store.accountId, { delay: { ms: 1 } });
    expect(await admin.getStoreFaults(store.accountId)).toEqual({ delay: { ms: 1 } });
    await admin.clearStoreFaults(store.accountId);
    expect(await admin.getStoreFaults(store.accountId)).toEqual({});
    const post = (accountId: string, body: unknown) =>
      fetch(`${sim.url}/_admin/stores/${accountId}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('999999999', { delay: { ms: 1 } })).status).toBe(404);
    expect((await post(store.accountId, { meteor: {} })).status).toBe(400);
    // A store's fault aimed at another store would never apply.
    expect((await post(store.accountId, { delay: { ms: 1, accountId: '999999999' } })).status).toBe(
      400,
    );
    expect(await admin.getStoreFaults(store.accountId)).toEqual({});
  });

  it('revokes tokens, counts requests and picks the signed-in store for the authorise screen', async () => {
    const store = sim.stores[0]!;
    const token = await admin.issueToken(store.accountId);
    await admin.resetRequests();
    expect((await call(sim, token, '/v1/accounts')).status).toBe(200);
    expect(await admin.revokeToken(token)).toBe(true);
    expect((await call(sim, token, '/v1/accounts')).status).toBe(401);
    expect(await admin.requestCount()).toBe(2);
    expect(await admin.requestCount({ status: 401 })).toBe(1);

    const second = await admin.createStore({ ordersCount: 1, storeName: 'Chosen One' });
    await admin.signIn(second.accountId);
    const page = await (
      await fetch(`${sim.authorizeUrl}?client_id=${sim.clientId}&redirect_uri=http://localhost/cb`)
    ).text();
    expect(page).toContain(`value="${second.accountId}" selected`);
  });
});
