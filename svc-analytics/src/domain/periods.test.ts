import { describe, expect, it } from 'vitest';
import {
  countriesPeriodOf,
  customerBehaviorPeriodOf,
  previousRange,
  rangeEndingOn,
  revenueTrendsOf,
} from './periods.js';
import { withPeriodFigures, type DayBucket } from './rollup.js';

const bucket = (
  day: string,
  orderCount: number,
  revenue: number,
  figures: Partial<DayBucket> = {},
): DayBucket =>
  withPeriodFigures({
    day,
    orderCount,
    revenue,
    hourOrders: new Array<number>(24).fill(0),
    hourRevenue: new Array<number>(24).fill(0),
    ...figures,
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

  it('lists only days with orders, though a day may hold shipments alone', () => {
    const trends = revenueTrendsOf(
      [bucket('2026-11-20', 0, 0, { shipped: 2 }), bucket('2026-11-25', 1, 15)],
      rangeEndingOn('2026-11-25', 7),
      'Europe/London',
    );
    expect(trends.data.map((row) => row.period)).toEqual(['2026-11-25']);
  });

  it('counts each country once over a range, and repeat orders as known orders less first ones', () => {
    const days = [
      bucket('2026-11-15', 2, 20, { countryOrders: 2, countries: ['GB', 'US'] }),
      bucket('2026-11-20', 3, 30, {
        countryOrders: 3,
        countries: ['GB', 'FR'],
        newCustomers: 1,
        customerOrders: 3,
      }),
      bucket('2026-11-24', 1, 10, { countryOrders: 1, countries: ['GB'], customerOrders: 1 }),
    ];
    const week = rangeEndingOn('2026-11-25', 7);
    expect(countriesPeriodOf(days, week, 'Europe/London')).toMatchObject({
      current: { orderCount: 4, countryCount: 2 },
      previous: { orderCount: 2, countryCount: 2 },
    });
    expect(customerBehaviorPeriodOf(days, week, 'Europe/London').current).toEqual({
      newCustomers: 1,
      repeatOrders: 3,
    });
  });

  it('reads a day stored before the period figures as zero', () => {
    const stored = {
      day: '2026-11-25',
      orderCount: 1,
      revenue: 5,
      hourOrders: [],
      hourRevenue: [],
    };
    expect(withPeriodFigures(stored)).toMatchObject({ units: 0, countries: [], shipped: 0 });
  });
});
