import { describe, expect, it } from 'vitest';
import { statCounters } from './tracking-stats.js';

const summary = {
  total: 21,
  statusCounts: {
    pending: 1,
    processing: 2,
    partiallyShipped: 3,
    shipped: 4,
    delivered: 5,
    cancelled: 6,
  },
};

const valueOf = (counters: ReturnType<typeof statCounters>, key: string) =>
  counters.find((counter) => counter.key === key)?.value;

describe('tracking stats cards', () => {
  it('shows the total and one card per status, which add up to the total', () => {
    const counters = statCounters(summary);
    expect(counters.map((counter) => counter.key)).toEqual([
      'total',
      'pending',
      'processing',
      'partially-shipped',
      'shipped',
      'delivered',
      'cancelled',
    ]);
    const parts = counters.filter((counter) => counter.key !== 'total');
    expect(parts.reduce((sum, counter) => sum + (counter.value ?? 0), 0)).toBe(21);
  });

  it('counts orders of a status outside the known ones on an Other card', () => {
    const counters = statCounters({ ...summary, total: 24 });
    expect(valueOf(counters, 'other')).toBe(3);
  });

  it('shows the cards without figures until the summary has loaded', () => {
    const counters = statCounters(null);
    expect(counters).toHaveLength(7);
    expect(counters.every((counter) => counter.value === null)).toBe(true);
  });
});
