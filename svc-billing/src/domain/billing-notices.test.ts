import { describe, expect, it } from 'vitest';
import {
  paymentFailedNotice,
  subscriptionCancelledNotice,
  subscriptionFollowsTrial,
  trialNotice,
  trialNoticeWindow,
  type FailedPayment,
} from './billing-notices.js';
import type { StoredSubscription } from './subscription-state.js';

const day = 24 * 3600_000;
const subscription = (fields: Partial<StoredSubscription> = {}): StoredSubscription => ({
  id: 'sub_1',
  status: 'active',
  planId: 'pro_monthly',
  priceId: 'price_pro_monthly',
  currentPeriodEnd: new Date('2026-07-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  changedAt: 100,
  pastDueSince: null,
  ...fields,
});
const pastDue = subscription({
  status: 'past_due',
  pastDueSince: new Date('2026-06-01T12:00:00Z'),
});
const failure: FailedPayment = {
  subscriptionId: 'sub_1',
  invoiceId: 'in_1',
  attemptCount: 1,
  amountDue: 899,
  currency: 'gbp',
  eventId: 'evt_1',
};

describe('paymentFailedNotice', () => {
  it('tells the amount, the currency and the end of the grace period, named by the invoice attempt', () => {
    expect(paymentFailedNotice('acct-1', pastDue, failure, 7)).toEqual({
      noticeId: 'billing:payment_failed:acct-1:in_1:1',
      notice: {
        kind: 'payment_failed',
        amountDue: 899,
        currency: 'gbp',
        graceUntil: '2026-06-08T12:00:00.000Z',
      },
    });
  });

  it('names the next attempt as another fact, and falls back to the event without one', () => {
    expect(
      paymentFailedNotice('acct-1', pastDue, { ...failure, attemptCount: 2 }, 7)?.noticeId,
    ).toBe('billing:payment_failed:acct-1:in_1:2');
    expect(
      paymentFailedNotice('acct-1', pastDue, { ...failure, attemptCount: null }, 7)?.noticeId,
    ).toBe('billing:payment_failed:acct-1:evt_1');
  });

  it('leaves out what Stripe did not state, or stated in a shape that is not a currency', () => {
    const notice = paymentFailedNotice(
      'acct-1',
      pastDue,
      { ...failure, amountDue: null, currency: 'pounds' },
      7,
    )?.notice;
    expect(notice).toMatchObject({ amountDue: null, currency: null });
  });

  it('tells nothing of another subscription, nor while the account is not past due', () => {
    expect(
      paymentFailedNotice('acct-1', pastDue, { ...failure, subscriptionId: 'sub_2' }, 7),
    ).toBeNull();
    expect(paymentFailedNotice('acct-1', subscription(), failure, 7)).toBeNull();
    expect(
      paymentFailedNotice('acct-1', subscription({ status: 'canceled' }), failure, 7),
    ).toBeNull();
    expect(paymentFailedNotice('acct-1', null, failure, 7)).toBeNull();
  });
});

describe('subscriptionCancelledNotice', () => {
  const endedAt = new Date('2026-06-10T00:00:00Z');

  it('tells the end of the account’s own subscription, once per subscription', () => {
    const cancelled = subscription({ status: 'canceled' });
    expect(
      subscriptionCancelledNotice(
        'acct-1',
        cancelled,
        { id: 'sub_1', status: 'canceled' },
        endedAt,
      ),
    ).toEqual({
      noticeId: 'billing:subscription_cancelled:acct-1:sub_1',
      notice: { kind: 'subscription_cancelled', endedAt: '2026-06-10T00:00:00.000Z' },
    });
    // Unpaid, then cancelled: the same ending, the same id.
    expect(
      subscriptionCancelledNotice(
        'acct-1',
        subscription({ status: 'unpaid' }),
        { id: 'sub_1', status: 'unpaid' },
        endedAt,
      )?.noticeId,
    ).toBe('billing:subscription_cancelled:acct-1:sub_1');
  });

  it('tells nothing of a second subscription ending beside a running one, or of one that never started', () => {
    expect(
      subscriptionCancelledNotice(
        'acct-1',
        subscription(),
        { id: 'sub_2', status: 'canceled' },
        endedAt,
      ),
    ).toBeNull();
    expect(
      subscriptionCancelledNotice(
        'acct-1',
        subscription({ status: 'incomplete_expired' }),
        { id: 'sub_1', status: 'incomplete_expired' },
        endedAt,
      ),
    ).toBeNull();
    // A late report that it runs, about a subscription that ended, is not an ending.
    expect(
      subscriptionCancelledNotice(
        'acct-1',
        subscription({ status: 'canceled' }),
        { id: 'sub_1', status: 'active' },
        endedAt,
      ),
    ).toBeNull();
  });
});

describe('trial notices', () => {
  const trialEnd = new Date('2026-06-08T10:00:00.000Z');
  const account = { _id: 'acct-1', trialEnd, subscription: null };

  it('asks trials ending within two days, and trials that ended within a day', () => {
    const now = new Date('2026-06-06T10:00:00.000Z');
    expect(trialNoticeWindow('trial_ending', now)).toEqual({
      after: now,
      until: trialEnd,
      undecided: [null],
    });
    expect(trialNoticeWindow('trial_ended', trialEnd)).toEqual({
      after: new Date(trialEnd.getTime() - day),
      until: trialEnd,
      undecided: [null, 'trial_ending'],
    });
  });

  it('names each notice by the account and the trial’s end', () => {
    expect(trialNotice(account, 'trial_ending')).toEqual({
      noticeId: 'billing:trial_ending:acct-1:2026-06-08T10:00:00.000Z',
      notice: { kind: 'trial_ending', trialEnd: '2026-06-08T10:00:00.000Z' },
    });
    expect(trialNotice(account, 'trial_ended')?.noticeId).toBe(
      'billing:trial_ended:acct-1:2026-06-08T10:00:00.000Z',
    );
  });

  it('tells nothing when a subscription follows the trial', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(
        trialNotice({ ...account, subscription: subscription({ status }) }, 'trial_ending'),
      ).toBeNull();
      expect(subscriptionFollowsTrial(subscription({ status }), trialEnd)).toBe(true);
    }
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired'] as const) {
      expect(subscriptionFollowsTrial(subscription({ status }), trialEnd)).toBe(false);
    }
    expect(subscriptionFollowsTrial(null, trialEnd)).toBe(false);
  });

  it('counts a subscription set to stop when the trial ends as not following it', () => {
    const stopping = (currentPeriodEnd: Date) =>
      subscription({ status: 'trialing', cancelAtPeriodEnd: true, currentPeriodEnd });
    expect(subscriptionFollowsTrial(stopping(trialEnd), trialEnd)).toBe(false);
    expect(
      subscriptionFollowsTrial(stopping(new Date(trialEnd.getTime() + 30 * day)), trialEnd),
    ).toBe(true);
    expect(
      trialNotice({ ...account, subscription: stopping(trialEnd) }, 'trial_ended'),
    ).not.toBeNull();
  });
});
