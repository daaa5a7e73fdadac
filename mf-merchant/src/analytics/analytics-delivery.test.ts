import { describe, expect, it } from 'vitest';
import { formatDays, formatOnTime, hasDeliveryTimes, onTimeBasis } from './analytics-delivery.js';

const figures = (delivered: number) => ({
  delivered,
  medianDays: delivered ? 2.5 : null,
  p90Days: delivered ? 4 : null,
  withEstimate: 0,
  onTime: 0,
  onTimeShare: null,
});

describe('delivery times panel', () => {
  it('writes days to one decimal, one day in the singular, and a dash without deliveries', () => {
    expect(formatDays(2.4)).toBe('2.4 days');
    expect(formatDays(3)).toBe('3 days');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0)).toBe('under 0.1 days');
    expect(formatDays(null)).toBe('—');
  });

  it('shows the on-time share with what it is of, or says no delivery had an estimate', () => {
    expect(formatOnTime({ onTimeShare: 66.7 })).toBe('66.7%');
    expect(formatOnTime({ onTimeShare: null })).toBe('—');
    expect(onTimeBasis({ onTime: 2, withEstimate: 3 })).toBe('2 of 3 with an estimate');
    expect(onTimeBasis({ onTime: 0, withEstimate: 0 })).toBe('No delivery had a carrier estimate');
  });

  it('counts the panel as empty until the carrier has delivered in the range', () => {
    const data = { overall: figures(0), byCarrier: [], byCountry: [] };
    expect(hasDeliveryTimes({ data })).toBe(false);
    expect(hasDeliveryTimes({ data: { ...data, overall: figures(1) } })).toBe(true);
  });
});
