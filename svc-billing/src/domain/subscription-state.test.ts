import { describe, expect, it } from 'vitest';
import {
  graceUntilOf,
  isSecondSubscription,
  nextSubscription,
  type StoredSubscription,
} from './subscription-state.js';

const active: StoredSubscription = {
  id: 'sub_1',
  status: 'active',
  planId: 'pro_monthly',
  priceId: 'price_pro_monthly',
  currentPeriodEnd: new Date('2026-07-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  changedAt: 100,
  pastDueSince: null,
};

describe('nextSubscription', () => {
  it('adopts the first subscription reported', () => {
    expect(nextSubscription(null, { id: 'sub_1', status: 'active' }, 5)).toMatchObject({
      id: 'sub_1',
      status: 'active',
      changedAt: 5,
      pastDueSince: null,
    });
  });

  it('applies a newer report of the same subscription and keeps what it does not mention', () => {
    expect(
      nextSubscription(active, { id: 'sub_1', status: 'active', cancelAtPeriodEnd: true }, 101),
    ).toEqual({ ...active, cancelAtPeriodEnd: true, changedAt: 101 });
  });

  it('ignores an older report, and a report that changes nothing', () => {
    expect(nextSubscription(active, { id: 'sub_1', status: 'past_due' }, 99)).toBeNull();
    expect(nextSubscription(active, { id: 'sub_1', status: 'active' }, 200)).toBeNull();
  });

  it('never reopens a cancelled subscription', () => {
    const cancelled = { ...active, status: 'canceled' as const };
    expect(nextSubscription(cancelled, { id: 'sub_1', status: 'active' }, 500)).toBeNull();
    expect(nextSubscription(cancelled, { id: 'sub_2', status: 'active' }, 500)?.id).toBe('sub_2');
  });

  it('does not let an old subscription ending, or a new one not yet paid, end a running one', () => {
    expect(nextSubscription(active, { id: 'sub_0', status: 'canceled' }, 900)).toBeNull();
    expect(nextSubscription(active, { id: 'sub_2', status: 'incomplete' }, 900)).toBeNull();
    expect(nextSubscription(active, { id: 'sub_2', status: 'active' }, 50)).toBeNull();
  });

  it('never replaces a running subscription with a second one, however new', () => {
    expect(nextSubscription(active, { id: 'sub_2', status: 'active' }, 150)).toBeNull();
    const pastDue = { ...active, status: 'past_due' as const };
    expect(nextSubscription(pastDue, { id: 'sub_2', status: 'trialing' }, 150)).toBeNull();
    const unpaid = { ...active, status: 'unpaid' as const };
    expect(nextSubscription(unpaid, { id: 'sub_2', status: 'active' }, 150)?.id).toBe('sub_2');
  });

  it('tells a second running subscription beside a running one', () => {
    expect(isSecondSubscription(active, { id: 'sub_2', status: 'active' })).toBe(true);
    expect(isSecondSubscription(active, { id: 'sub_2', status: 'trialing' })).toBe(true);
    expect(isSecondSubscription(active, { id: 'sub_1', status: 'active' })).toBe(false);
    expect(isSecondSubscription(active, { id: 'sub_2', status: 'incomplete' })).toBe(false);
    expect(isSecondSubscription(active, { id: 'sub_2', status: 'canceled' })).toBe(false);
    expect(isSecondSubscription(null, { id: 'sub_2', status: 'active' })).toBe(false);
    const ended = { ...active, status: 'canceled' as const };
    expect(isSecondSubscription(ended, { id: 'sub_2', status: 'active' })).toBe(false);
  });

  it('starts the grace period at the first failed payment and keeps it through repeats', () => {
    const pastDue = nextSubscription(active, { id: 'sub_1', status: 'past_due' }, 1_000);
    expect(pastDue?.pastDueSince).toEqual(new Date(1_000_000));
    const again = nextSubscription(
      pastDue,
      { id: 'sub_1', status: 'past_due', currentPeriodEnd: new Date('2026-08-01T00:00:00Z') },
      2_000,
    );
    expect(again?.pastDueSince).toEqual(new Date(1_000_000));
    expect(graceUntilOf(again ?? null, 7)).toEqual(new Date(1_000_000 + 7 * 24 * 3600_000));
    const settled = nextSubscription(again, { id: 'sub_1', status: 'active' }, 3_000);
    expect(settled?.pastDueSince).toBeNull();
    expect(graceUntilOf(settled ?? null, 7)).toBeNull();
  });
});
