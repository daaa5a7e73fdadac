import { describe, expect, it } from 'vitest';
import {
  busiestOf,
  changeAgainst,
  daysBetween,
  everyDayOf,
  lastDaysOf,
  totalOf,
} from './analytics-series.js';

const day = (period: string, revenue: number, orderCount: number) => ({
  period,
  revenue,
  orderCount,
  avgOrderValue: orderCount ? revenue / orderCount : 0,
});

describe('days of a range', () => {
  it('lists every day, both ends included, across a month end', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('not a day', '2026-03-01')).toEqual([]);
  });

  it('fills the days without orders with zero', () => {
    const filled = everyDayOf([day('2026-03-02', 40, 2)], { from: '2026-03-01', to: '2026-03-03' });
    expect(filled).toEqual([
      day('2026-03-01', 0, 0),
      day('2026-03-02', 40, 2),
      day('2026-03-03', 0, 0),
    ]);
  });

  it('keeps the last 14 days of a longer range for the bars', () => {
    const rows = [day('2026-03-01', 10, 1), day('2026-03-20', 30, 3), day('2026-03-30', 5, 1)];
    const bars = lastDaysOf(rows, { from: '2026-03-01', to: '2026-03-30' });
    expect(bars).toHaveLength(14);
    expect(bars[0]?.period).toBe('2026-03-17');
    expect(bars.at(-1)).toEqual(day('2026-03-30', 5, 1));
    expect(totalOf(bars, (bar) => bar.revenue)).toBe(35);
    expect(bars.filter((bar) => bar.orderCount === 0)).toHaveLength(12);
  });

  it('shows every day of a range shorter than 14 days', () => {
    expect(lastDaysOf([], { from: '2026-03-24', to: '2026-03-30' })).toHaveLength(7);
  });
});

describe('totals and peaks', () => {
  it('adds up one figure', () => {
    expect(totalOf([{ n: 1.5 }, { n: 2 }], (row) => row.n)).toBe(3.5);
    expect(totalOf([], () => 1)).toBe(0);
  });

  it('finds the busiest row, the first of equals, and none when nothing happened', () => {
    const hours = [
      { hour: 9, orderCount: 3 },
      { hour: 14, orderCount: 5 },
      { hour: 20, orderCount: 5 },
    ];
    expect(busiestOf(hours)?.hour).toBe(14);
    expect(busiestOf([{ hour: 1, orderCount: 0 }])).toBeNull();
  });
});

describe('change against the previous period', () => {
  it('says how much a figure rose or fell', () => {
    expect(changeAgainst(150, 100)).toEqual({ direction: 'up', label: '+50%' });
    expect(changeAgainst(96.8, 100)).toEqual({ direction: 'down', label: '-3.2%' });
  });

  it('says there was no change when the shown figure would be zero', () => {
    expect(changeAgainst(100, 100)).toEqual({ direction: 'same', label: 'No change' });
    expect(changeAgainst(100.01, 100)).toEqual({ direction: 'same', label: 'No change' });
    expect(changeAgainst(0, 0)).toEqual({ direction: 'same', label: 'No change' });
  });

  it('calls a figure new when the previous period had none', () => {
    expect(changeAgainst(20, 0)).toEqual({ direction: 'new', label: 'New' });
  });
});
