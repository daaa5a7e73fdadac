import { describe, expect, it } from 'vitest';
import { listOrders, parseOrderQuery } from '../src/domain/order-query.js';
import { setShippingStatus } from '../src/domain/order.js';
import { Store } from '../src/state/store.js';

const now = Date.parse('2026-11-01T00:00:00.000Z');
const profile = {
  accountId: '100001',
  subdomain: 'test',
  storeName: 'Test',
  contactEmail: 'hello@test.example.com',
  currency: 'GBP',
  homeCountry: 'GB',
  seed: 99,
};

describe('Store', () => {
  it('holds no orders in memory after every order of a large store was read, only the changed ones', () => {
    const store = new Store(profile, 20_000, now);
    for (let index = 0; index < store.ordersCount; index += 1) store.orderAt(index);
    listOrders(
      store,
      parseOrderQuery({ sort: 'updated_at', 'filter[shipping_status]': 'shipped' }),
    );
    expect(store.changedCount).toBe(0);
    store.save(setShippingStatus(store.orderAt(123), 'shipped', now + 1));
    expect(store.changedCount).toBe(1);
  });

  it('finds an order by its id and rejects ids it never issued', () => {
    const store = new Store(profile, 500, now);
    const order = store.orderAt(321);
    expect(store.findOrder(order.id)).toEqual(order);
    expect(store.findOrder(order.id.toLowerCase())).toEqual(order);
    const [letters, digits] = order.id.split('-') as [string, string];
    const otherLetters = letters === 'AAAA' ? 'AAAB' : 'AAAA';
    expect(store.findOrder(`${otherLetters}-${digits}`)).toBeUndefined();
    expect(store.findOrder(`${letters}-${Number(digits) + 1_000}`)).toBeUndefined();
    expect(store.findOrder('LMFN-54319')).toBeUndefined();
  });

  it('keeps creation times rising with the index, also across orders added later', () => {
    const store = new Store(profile, 1_000, now);
    store.addOrders(10, Date.now());
    let previous = -Infinity;
    for (let index = 0; index < store.ordersCount; index += 1) {
      const created = store.createdAtOf(index);
      expect(created).toBeGreaterThanOrEqual(previous);
      expect(store.orderAt(index).createdAt).toBe(created);
      previous = created;
    }
  });

  it('sees a changed order in filters at once', () => {
    const store = new Store(profile, 300, now);
    const query = parseOrderQuery({ 'filter[shipping_status]': 'shipped', 'page[limit]': '100' });
    const before = listOrders(store, query).total;
    const unshipped = listOrders(store, parseOrderQuery({ 'filter[shipping_status]': 'unshipped' }))
      .orders[0]!;
    store.save(setShippingStatus(unshipped, 'shipped', now + 1));
    expect(listOrders(store, query).total).toBe(before + 1);
  });
});
