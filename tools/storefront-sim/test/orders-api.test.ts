import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreFrontSim, type StoreCredentials, type StoreFrontSim } from '../src/index.js';
import { call, list, listAll, ordersPath, type JsonApiResource } from './helpers.js';

const now = '2026-06-01T00:00:00.000Z';

describe('accounts and orders API', () => {
  let sim: StoreFrontSim;
  let store: StoreCredentials;
  let other: StoreCredentials;
  beforeAll(async () => {
    sim = await startStoreFrontSim({
      seed: 11,
      now,
      stores: [{ ordersCount: 130 }, { ordersCount: 10 }],
    });
    [store, other] = sim.stores as [StoreCredentials, StoreCredentials];
  });
  afterAll(() => sim.close());

  describe('required headers and access', () => {
    it('answers 400 to a request without a User-Agent', async () => {
      const response = await call(sim, store.accessToken, '/v1/accounts', {
        headers: { 'User-Agent': '' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errors: [{ status: '400', code: 'missing_user_agent' }],
      });
    });

    it('answers 406 unless the client accepts application/vnd.api+json', async () => {
      const response = await call(sim, store.accessToken, '/v1/accounts', {
        headers: { Accept: 'application/json' },
      });
      expect(response.status).toBe(406);
      expect(response.headers.get('content-type')).toContain('application/vnd.api+json');
    });

    it('answers 401 without a token or with an unknown one', async () => {
      const unknown = await call(sim, 'nope', '/v1/accounts');
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('www-authenticate')).toContain('Bearer');
      const none = await fetch(`${sim.apiUrl}/accounts`, {
        headers: { Accept: 'application/vnd.api+json', 'User-Agent': 'x' },
      });
      expect(none.status).toBe(401);
    });

    it("answers 403 when a token asks for another store's account or orders", async () => {
      expect((await call(sim, store.accessToken, `/v1/accounts/${other.accountId}`)).status).toBe(
        403,
      );
      expect((await call(sim, store.accessToken, ordersPath(other.accountId))).status).toBe(403);
      expect((await call(sim, store.accessToken, ordersPath('999999999'))).status).toBe(403);
    });

    it('answers 404 for an order the store does not have and for an unknown route', async () => {
      const missing = await call(
        sim,
        store.accessToken,
        `/v1/accounts/${store.accountId}/orders/ABCD-000001`,
      );
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ errors: [{ status: '404', code: 'not_found' }] });
      expect((await call(sim, store.accessToken, '/v1/products')).status).toBe(404);
    });
  });

  it("lists the token's account, and shows it by id", async () => {
    const accounts = await call(sim, store.accessToken, '/v1/accounts');
    expect(accounts.body).toMatchObject({
      data: [
        {
          id: store.accountId,
          type: 'accounts',
          attributes: { subdomain: store.subdomain, store_name: store.storeName },
        },
      ],
    });
    const one = await call(sim, store.accessToken, `/v1/accounts/${store.accountId}`);
    expect(one.body).toMatchObject({
      data: {
        id: store.accountId,
        attributes: { url: `https://${store.subdomain}.bigcartel.com` },
      },
    });
  });

  it('pages 20 orders at a time by default, with meta.count and a full links.next until the last page', async () => {
    const first = await list(sim, store.accessToken, ordersPath(store.accountId));
    expect(first.data).toHaveLength(20);
    expect(first.meta.count).toBe(130);
    expect(first.links.next).toBe(
      `${sim.url}/v1/accounts/${store.accountId}/orders?page%5Blimit%5D=20&page%5Boffset%5D=20`,
    );

    const pages = await listAll(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'page[limit]=50'),
    );
    expect(pages.map((page) => page.data.length)).toEqual([50, 50, 30]);
    expect(pages.at(-1)!.links.next).toBeUndefined();
    const ids = pages.flatMap((page) => page.data.map((order) => order.id));
    expect(new Set(ids).size).toBe(130);
    for (const id of ids) expect(id).toMatch(/^[A-Z]{4}-\d{6}$/);
  });

  it('caps page[limit] at 100 and refuses a malformed one', async () => {
    const page = await list(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=500'));
    expect(page.data).toHaveLength(100);
    expect(page.links.next).toContain('page%5Blimit%5D=100');
    const bad = await call(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=ten'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ source: { parameter: 'page[limit]' } }] });
  });

  it('keeps the filters and sort in links.next', async () => {
    const page = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'filter[shipping_status]=shipped&sort=updated_at&page[limit]=5'),
    );
    const next = new URL(page.links.next!);
    expect(next.searchParams.get('filter[shipping_status]')).toBe('shipped');
    expect(next.searchParams.get('sort')).toBe('updated_at');
    expect(next.searchParams.get('page[offset]')).toBe('5');
  });

  it('puts line items, countries and currencies in included, each once', async () => {
    const page = await list(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=100'));
    const keys = page.included.map((resource) => `${resource.type}:${resource.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(page.included.filter((resource) => resource.type === 'currencies')).toHaveLength(1);
    const countries = page.included.filter((resource) => resource.type === 'countries');
    expect(countries.length).toBeGreaterThanOrEqual(4);
    for (const order of page.data) {
      const items = order.relationships!.items!.data as { type: string; id: string }[];
      expect(items.length).toBeGreaterThanOrEqual(1);
      for (const item of items) {
        const line = page.included.find(
          (resource) => resource.type === 'order_line_items' && resource.id === item.id,
        );
        expect(line?.attributes).toMatchObject({
          product_name: expect.any(String),
          quantity: expect.any(Number),
          price: expect.stringMatching(/^\d+\.\d+$/),
        });
      }
    }
  });

  const createdTimes = (orders: JsonApiResource[], field = 'created_at') =>
    orders.map((order) => Date.parse(order.attributes[field] as string));

  it('sorts newest first by default and accepts both sort conventions', async () => {
    const byDefault = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'page[limit]=100'),
    );
    const prefixed = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'sort=-created_at&page[limit]=100'),
    );
    const direction = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'sort=created_at&sort_direction=desc&page[limit]=100'),
    );
    const ascending = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'sort=created_at&page[limit]=100'),
    );
    const times = createdTimes(prefixed.data);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(prefixed.data.map((o) => o.id)).toEqual(byDefault.data.map((o) => o.id));
    expect(direction.data.map((o) => o.id)).toEqual(prefixed.data.map((o) => o.id));
    const ascendingTimes = createdTimes(ascending.data);
    expect(ascendingTimes).toEqual([...ascendingTimes].sort((a, b) => a - b));

    for (const field of ['updated_at', 'completed_at']) {
      const desc = await list(
        sim,
        store.accessToken,
        ordersPath(store.accountId, `sort=${field}&sort_direction=desc&page[limit]=100`),
      );
      const descTimes = createdTimes(desc.data, field);
      expect(descTimes).toEqual([...descTimes].sort((a, b) => b - a));
      const minus = await list(
        sim,
        store.accessToken,
        ordersPath(store.accountId, `sort=-${field}&page[limit]=100`),
      );
      expect(minus.data.map((o) => o.id)).toEqual(desc.data.map((o) => o.id));
    }
  });

  it('refuses an unknown sort field, a contradictory direction and an unknown filter', async () => {
    for (const query of [
      'sort=total',
      'sort=-created_at&sort_direction=asc',
      'sort_direction=up',
      'filter[status]=open',
    ]) {
      expect((await call(sim, store.accessToken, ordersPath(store.accountId, query))).status).toBe(
        400,
      );
    }
  });

  it('filters by shipping status', async () => {
    const shipped = await listAll(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'filter[shipping_status]=shipped&page[limit]=100'),
    );
    const unshipped = await listAll(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'filter[shipping_status]=unshipped&page[limit]=100'),
    );
    const shippedOrders = shipped.flatMap((page) => page.data);
    const unshippedOrders = unshipped.flatMap((page) => page.data);
    expect(shippedOrders.length).toBeGreaterThan(0);
    expect(unshippedOrders.length).toBeGreaterThan(0);
    expect(shippedOrders.length + unshippedOrders.length).toBe(130);
    expect(shipped[0]!.meta.count).toBe(shippedOrders.length);
    expect(shippedOrders.every((order) => order.attributes.shipping_status === 'shipped')).toBe(
      true,
    );
    expect(
      (
        await call(
          sim,
          store.accessToken,
          ordersPath(store.accountId, 'filter[shipping_status]=lost'),
        )
      ).status,
    ).toBe(400);
  });

  it('filters by updated and completed date ranges, inclusive, with dates or date-times', async () => {
    const from = '2026-03-01T00:00:00.000Z';
    const to = '2026-03-31';
    const pages = await listAll(
      sim,
      store.accessToken,
      ordersPath(
        store.accountId,
        `filter[updated_at_from]=${from}&filter[updated_at_to]=${to}&page[limit]=100`,
      ),
    );
    const orders = pages.flatMap((page) => page.data);
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      const updated = Date.parse(order.attributes.updated_at as string);
      expect(updated).toBeGreaterThanOrEqual(Date.parse(from));
      expect(updated).toBeLessThanOrEqual(Date.parse('2026-03-31T23:59:59.999Z'));
    }
    const completed = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'filter[completed_at_from]=2026-05-01&page[limit]=100'),
    );
    expect(
      completed.data.every((order) => (order.attributes.completed_at as string) >= '2026-05-01'),
    ).toBe(true);
    const none = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, 'filter[completed_at_to]=2025-01-01'),
    );
    expect(none.meta.count).toBe(0);
    expect(none.links.next).toBeUndefined();
    expect(
      (
        await call(
          sim,
          store.accessToken,
          ordersPath(store.accountId, 'filter[updated_at_from]=yesterday'),
        )
      ).status,
    ).toBe(400);
  });

  it('searches customer name, email and order id', async () => {
    const sample = (
      await list(
        sim,
        store.accessToken,
        ordersPath(store.accountId, 'page[limit]=1&page[offset]=7'),
      )
    ).data[0]!;
    const {
      customer_first_name: first,
      customer_last_name: last,
      customer_email: email,
    } = sample.attributes as Record<
      'customer_first_name' | 'customer_last_name' | 'customer_email',
      string
    >;
    const byName = await list(
      sim,
      store.accessToken,
      ordersPath(
        store.accountId,
        `search=${encodeURIComponent(`${first} ${last}`)}&page[limit]=100`,
      ),
    );
    expect(byName.data.map((order) => order.id)).toContain(sample.id);
    for (const order of byName.data) {
      expect(
        `${order.attributes.customer_first_name as string} ${order.attributes.customer_last_name as string}`,
      ).toBe(`${first} ${last}`);
    }
    const byEmail = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, `search=${encodeURIComponent(email.toUpperCase())}`),
    );
    expect(byEmail.data.map((order) => order.id)).toContain(sample.id);
    const byId = await list(
      sim,
      store.accessToken,
      ordersPath(store.accountId, `search=${sample.id}`),
    );
    expect(byId.data.map((order) => order.id)).toEqual([sample.id]);
  });

  it('shows one order with its line items and links.self', async () => {
    const sample = (
      await list(sim, store.accessToken, ordersPath(store.accountId, 'page[limit]=1'))
    ).data[0]!;
    const response = await call(
      sim,
      store.accessToken,
      `/v1/accounts/${store.accountId}/orders/${sample.id}`,
    );
    expect(response.status).toBe(200);
    const document = response.body as {
      data: JsonApiResource & { links: { self: string } };
      included: JsonApiResource[];
    };
    expect(document.data).toMatchObject({
      id: sample.id,
      type: 'orders',
      attributes: sample.attributes,
    });
    expect(document.data.links.self).toBe(
      `${sim.url}/v1/accounts/${store.accountId}/orders/${sample.id}`,
    );
    expect(document.included.some((resource) => resource.type === 'order_line_items')).toBe(true);
  });
});
