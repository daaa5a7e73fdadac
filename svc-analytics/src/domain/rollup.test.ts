import { describe, expect, it } from 'vitest';
import { calendarOf } from './calendar.js';
import { createRollupBuilder, lineRevenuesOf, revenueOf, segmentOf } from './rollup.js';

const item = (name: string, quantity: number, price: number | null) => ({
  name,
  imageUrl: null,
  quantity,
  price,
});

describe('rollup rules', () => {
  it('segments customers: one order new, two or three returning, four or more loyal', () => {
    expect([1, 2, 3, 4, 9].map(segmentOf)).toEqual([
      'new',
      'returning',
      'returning',
      'loyal',
      'loyal',
    ]);
  });

  it('takes the item total as revenue, else what the priced lines add up to', () => {
    expect(revenueOf({ itemTotal: 40, items: [item('a', 1, 10)] })).toBe(40);
    expect(revenueOf({ itemTotal: null, items: [item('a', 2, 10), item('b', 1, null)] })).toBe(20);
  });

  it('gives unpriced lines what the priced ones leave, by quantity', () => {
    expect(lineRevenuesOf([item('a', 1, 10), item('b', 3, null), item('c', 1, null)], 50)).toEqual([
      10, 30, 10,
    ]);
    expect(lineRevenuesOf([item('a', 2, 30), item('b', 1, null)], 50)).toEqual([60, 0]);
  });

  it('keeps days only up to two years back, and none after today', () => {
    const builder = createRollupBuilder(calendarOf('Europe/London'), '2026-11-25');
    const fact = (orderDate: string) => ({
      status: 'pending',
      orderDate: new Date(orderDate),
      firstSeenAt: new Date(orderDate),
      shippingCountry: null,
      itemTotal: 5,
      items: [],
      customerEmail: null,
      courier: null,
      shippedAt: null,
      deliveredAt: null,
      firstEstimatedDeliveryAt: null,
    });
    builder.add(fact('2024-11-25T12:00:00Z'));
    builder.add(fact('2024-11-24T12:00:00Z'));
    builder.add(fact('2026-11-26T12:00:00Z'));
    expect(builder.result().days.map((bucket) => bucket.day)).toEqual(['2024-11-25']);
  });
});
