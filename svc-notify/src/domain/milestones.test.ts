import { describe, expect, it } from 'vitest';
import { isPastMilestone, milestoneOf } from './milestones.js';

const change = (fields: Partial<Parameters<typeof milestoneOf>[0]>) => ({
  status: 'pending',
  carrierStatus: null,
  trackingNumber: null,
  ...fields,
});

describe('milestoneOf', () => {
  it('calls a shipped order with a tracking number shipped, and one without none', () => {
    expect(milestoneOf(change({ status: 'shipped', trackingNumber: 'AB1' }))).toEqual({
      milestone: 'shipped',
      problem: null,
    });
    expect(
      milestoneOf(change({ status: 'partially_shipped', trackingNumber: 'AB1' }))?.milestone,
    ).toBe('shipped');
    expect(milestoneOf(change({ status: 'shipped', trackingNumber: '  ' }))).toBeNull();
    expect(milestoneOf(change({ status: 'shipped' }))).toBeNull();
  });

  it('reads the carrier: out for delivery, and each problem in its own words', () => {
    const shipped = { status: 'shipped', trackingNumber: 'AB1' };
    expect(milestoneOf(change({ ...shipped, carrierStatus: 'out_for_delivery' }))?.milestone).toBe(
      'out_for_delivery',
    );
    expect(milestoneOf(change({ ...shipped, carrierStatus: 'failure' }))).toEqual({
      milestone: 'problem',
      problem: 'failed_attempt',
    });
    expect(milestoneOf(change({ ...shipped, carrierStatus: 'error' }))?.problem).toBe('exception');
    expect(milestoneOf(change({ ...shipped, carrierStatus: 'return_to_sender' }))?.problem).toBe(
      'returned',
    );
    expect(
      milestoneOf(change({ ...shipped, carrierStatus: 'available_for_pickup' }))?.problem,
    ).toBe('awaiting_pickup');
    expect(milestoneOf(change({ ...shipped, carrierStatus: 'in_transit' }))?.milestone).toBe(
      'shipped',
    );
  });

  it('lets delivered win, and mails nothing for pending, processing or cancelled orders', () => {
    expect(milestoneOf(change({ status: 'delivered' }))?.milestone).toBe('delivered');
    expect(milestoneOf(change({ status: 'shipped', carrierStatus: 'delivered' }))?.milestone).toBe(
      'delivered',
    );
    expect(milestoneOf(change({ status: 'processing' }))).toBeNull();
    expect(milestoneOf(change({ status: 'cancelled', carrierStatus: 'failure' }))).toBeNull();
  });
});

describe('isPastMilestone', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const none = { deliveredAt: null, shippedAt: null, orderDate: null };

  it('calls an order delivered more than the limit ago, or with no date at all, history', () => {
    expect(
      isPastMilestone('delivered', { ...none, deliveredAt: '2026-10-01T00:00:00Z' }, now, 14),
    ).toBe(true);
    expect(isPastMilestone('delivered', none, now, 14)).toBe(true);
    expect(
      isPastMilestone('delivered', { ...none, deliveredAt: '2026-11-19T00:00:00Z' }, now, 14),
    ).toBe(false);
  });

  it('calls a shipment history only when its date says so', () => {
    expect(isPastMilestone('shipped', none, now, 14)).toBe(false);
    expect(
      isPastMilestone('shipped', { ...none, shippedAt: '2026-10-01T00:00:00Z' }, now, 14),
    ).toBe(true);
    expect(
      isPastMilestone('shipped', { ...none, orderDate: '2026-11-18T00:00:00Z' }, now, 14),
    ).toBe(false);
  });
});
