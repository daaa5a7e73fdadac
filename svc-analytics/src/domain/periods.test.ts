import { describe, expect, it } from 'vitest';
import { previousRange, rangeEndingOn, revenueTrendsOf } from './periods.js';

const bucket = (day: string, orderCount: number, revenue: number) => ({
  day,
  orderCount,
  revenue,
  hourOrders: new Array<number>(24).fill(0),
  hourRevenue: new Array<number>(24).fill(0),
});

describe('analytics periods', () => {
  it('ends a range today, today included, and puts the same length before it', () => {
    const week = rangeEndingOn('2026-11-25', 7);
    expect(week).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(previousRange(week)).toEqual({ from: '2026-11-12', to: '2026-11-18' });
  });

  it('sums the range and the range before, leaving out days outside both', () => {
    const trends = revenueTrendsOf(
      [
        bucket('2026-11-11', 9, 900),
        bucket('2026-11-12', 1, 10),
        bucket('2026-11-19', 2, 30),
        bucket('2026-11-25', 1, 15),
      ],
      rangeEndingOn('2026-11-25', 7),
      'Europe/London',
    );
    expect(trends.data.map((row) => row.period)).toEqual(['2026-11-19', '2026-11-25']);
    expect(trends.totals).toEqual({
      revenue: 45,
      orderCount: 3,
      avgOrderValue: 15,
      daysWithData: 2,
    });
    expect(trends.previous).toEqual({
      revenue: 10,
      orderCount: 1,
      avgOrderValue: 10,
      daysWithData: 1,
    });
  });
});
