import { describe, expect, it } from 'vitest';
import { hasCustomerBehavior, hasPeakTimes, hasShippingPerformance } from './analytics-panels.js';

const segment = (customerType: 'new' | 'returning' | 'loyal', customerCount: number) => ({
  customerType,
  customerCount,
  percentage: 0,
  avgOrdersPerCustomer: 0,
  avgSpentPerCustomer: 0,
});
const range = { from: '2026-03-01', to: '2026-03-30', timeZone: 'Europe/London' };
const noTotals = { revenue: 0, orderCount: 0, avgOrderValue: 0, daysWithData: 0 };
const peakTimes = (ordersAtNoon: number) => ({
  success: true as const,
  currency: 'USD',
  currencies: [{ currency: 'USD', orderCount: ordersAtNoon, revenue: 0 }],
  data: {
    hourlyPattern: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orderCount: hour === 12 ? ordersAtNoon : 0,
      avgOrderValue: 0,
    })),
    weeklyPattern: Array.from({ length: 7 }, (_, dayOfWeek) => ({
      dayOfWeek,
      dayName: 'Day',
      orderCount: 0,
      avgOrderValue: 0,
    })),
  },
  range,
  totals: noTotals,
  previous: noTotals,
});

describe('empty panels', () => {
  it('counts customer behaviour as empty while every segment is zero and no customer is listed', () => {
    const segments = [segment('new', 0), segment('returning', 0), segment('loyal', 0)];
    const empty = {
      success: true as const,
      data: { customerSegments: segments, topCustomers: [] },
    };
    expect(hasCustomerBehavior(empty)).toBe(false);
    segments[0] = segment('new', 1);
    expect(hasCustomerBehavior(empty)).toBe(true);
  });

  it('counts shipping performance as empty without statuses or couriers', () => {
    const data = { deliverySuccess: [], courierPerformance: [] };
    expect(hasShippingPerformance({ data })).toBe(false);
    expect(
      hasShippingPerformance({
        data: { ...data, deliverySuccess: [{ status: 'pending', orderCount: 2, percentage: 100 }] },
      }),
    ).toBe(true);
  });

  it('counts peak times as empty when all 24 hours are zero', () => {
    expect(hasPeakTimes(peakTimes(0))).toBe(false);
    expect(hasPeakTimes(peakTimes(3))).toBe(true);
  });
});
