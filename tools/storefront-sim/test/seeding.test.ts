import { describe, expect, it } from 'vitest';
import { startStoreFrontSim } from '../src/index.js';
import { list, listAll, ordersPath, type JsonApiResource } from './helpers.js';

const now = '2026-11-01T00:00:00.000Z';

describe('seeded stores', () => {
  it('gives the same stores and orders for the same seed, and different ones for another seed', async () => {
    const [a, b, c] = await Promise.all([
      startStoreFrontSim({ seed: 42, now, stores: [{ ordersCount: 40 }, { ordersCount: 5 }] }),
      startStoreFrontSim({ seed: 42, now, stores: [{ ordersCount: 40 }, { ordersCount: 5 }] }),
      startStoreFrontSim({ seed: 43, now, stores: [{ ordersCount: 40 }] }),
    ]);
    try {
      expect(a.stores.map(({ accessToken: _, ...store }) => store)).toEqual(
        b.stores.map(({ accessToken: _, ...store }) => store),
      );
      const pageA = await list(
        a,
        a.stores[0]!.accessToken,
        ordersPath(a.stores[0]!.accountId, 'page[limit]=40'),
      );
      const pageB = await list(
        b,
        b.stores[0]!.accessToken,
        ordersPath(b.stores[0]!.accountId, 'page[limit]=40'),
      );
      const strip = (page: typeof pageA) =>
        JSON.stringify(page).replaceAll(a.url, '').replaceAll(b.url, '');
      expect(strip(pageA)).toEqual(strip(pageB));
      const pageC = await list(
        c,
        c.stores[0]!.accessToken,
        ordersPath(c.stores[0]!.accountId, 'page[limit]=40'),
      );
      expect(pageC.data.map((order) => order.id)).not.toEqual(pageA.data.map((order) => order.id));
      expect(c.stores[0]!.accountId).not.toBe(a.stores[0]!.accountId);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('seeds realistic orders: several countries, one to four line items, a year of dates, some shipped', async () => {
    const sim = await startStoreFrontSim({ seed: 7, now, stores: [{ ordersCount: 400 }] });
    try {
      const store = sim.stores[0]!;
      const pages = await listAll(
        sim,
        store.accessToken,
        ordersPath(store.accountId, 'page[limit]=100'),
      );
      const orders = pages.flatMap((page) => page.data);
      const included = pages.flatMap((page) => page.included);
      expect(orders).toHaveLength(400);

      const countries = new Set(orders.map((order) => order.attributes.shipping_country_id));
      for (const country of ['GB', 'US', 'CA', 'AU', 'DE', 'FR'])
        expect(countries).toContain(country);

      const itemCounts = orders.map(
        (order) => (order.relationships!.items!.data as unknown[]).length,
      );
      expect(Math.min(...itemCounts)).toBe(1);
      expect(Math.max(...itemCounts)).toBe(4);
      const lines = included.filter(
        (resource): resource is JsonApiResource => resource.type === 'order_line_items',
      );
      expect(
        lines.every(
          (line) =>
            typeof line.attributes.image_url === 'string' &&
            Array.isArray(line.attributes.category_names),
        ),
      ).toBe(true);
      expect(new Set(lines.map((line) => line.attributes.quantity))).toEqual(new Set([1, 2, 3]));

      const yearAgo = Date.parse(now) - 365 * 24 * 60 * 60_000;
      for (const order of orders) {
        const {
          created_at: created,
          updated_at: updated,
          completed_at: completed,
          customer_email: email,
          total,
        } = order.attributes as Record<
          'created_at' | 'updated_at' | 'completed_at' | 'customer_email' | 'total',
          string
        >;
        expect(Date.parse(created)).toBeGreaterThanOrEqual(yearAgo);
        expect(Date.parse(completed)).toBeGreaterThanOrEqual(Date.parse(created));
        expect(Date.parse(updated)).toBeGreaterThanOrEqual(Date.parse(completed));
        expect(Date.parse(updated)).toBeLessThanOrEqual(Date.parse(now));
        expect(email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+$/);
        expect(total).toMatch(/^\d+\.\d{1,2}$/);
      }
      const months = new Set(
        orders.map((order) => (order.attributes.created_at as string).slice(0, 7)),
      );
      expect(months.size).toBeGreaterThanOrEqual(12);
      const shipped = orders.filter(
        (order) => order.attributes.shipping_status === 'shipped',
      ).length;
      expect(shipped).toBeGreaterThan(200);
      expect(shipped).toBeLessThan(400);
    } finally {
      await sim.close();
    }
  });

  it('pages a 10,000-order store quickly, by creation time and filtered by updated_at', async () => {
    const sim = await startStoreFrontSim({ seed: 1, now, stores: [{ ordersCount: 10_000 }] });
    try {
      const store = sim.stores[0]!;
      const started = performance.now();
      const pages = await listAll(
        sim,
        store.accessToken,
        ordersPath(store.accountId, 'sort=created_at&page[limit]=100'),
      );
      const pagedMs = performance.now() - started;
      expect(pages).toHaveLength(100);
      expect(new Set(pages.flatMap((page) => page.data.map((order) => order.id))).size).toBe(
        10_000,
      );
      // Generous for a shared two-core machine; it takes well under a second on an idle one.
      expect(pagedMs).toBeLessThan(10_000);

      const scanStarted = performance.now();
      const incremental = await list(
        sim,
        store.accessToken,
        ordersPath(
          store.accountId,
          'filter[updated_at_from]=2026-10-01&sort=updated_at&page[limit]=100',
        ),
      );
      expect(incremental.meta.count).toBeGreaterThan(0);
      expect(performance.now() - scanStarted).toBeLessThan(3_000);
      expect((await sim.listStores())[0]!.ordersCount).toBe(10_000);
    } finally {
      await sim.close();
    }
  });
});
