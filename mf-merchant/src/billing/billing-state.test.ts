import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '@onvelope/contracts';
import { dateDisplayIn } from '@onvelope/ui';
import {
  billingSummary,
  confirmationSettled,
  daysLeft,
  daysLeftText,
  destinationAfterSubscription,
  headerBillingState,
  planNameOf,
} from './billing-state.js';

// Noon UTC: the same calendar day in every time zone the tests may run in.
const now = new Date('2025-10-02T12:00:00.000Z');
const london = dateDisplayIn('Europe/London');

function view(overrides: Partial<SubscriptionView>): SubscriptionView {
  return {
    plan: 'pro_monthly',
    planName: 'Pro Monthly',
    status: 'active',
    reason: null,
    trialEnd: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    graceUntil: null,
    consentOnFile: true,
    portalUrl: null,
    ...overrides,
  };
}

describe('dates and days', () => {
  it('counts days left rounded up, and none once the end has passed', () => {
    expect(daysLeft('2025-10-09T12:00:00.000Z', now)).toBe(7);
    expect(daysLeft('2025-10-02T17:00:00.000Z', now)).toBe(1);
    expect(daysLeft('2025-10-01T12:00:00.000Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(3)).toBe('3 days left');
  });
});

describe('planNameOf', () => {
  it("shows the plan's name, never its id", () => {
    expect(planNameOf('Pro Monthly', 'pro_monthly')).toBe('Pro Monthly');
    expect(planNameOf(null, 'pro_yearly')).toBe('Pro Yearly');
    expect(planNameOf(null, null)).toBeNull();
  });
});

describe('billingSummary (account settings)', () => {
  it('shows the trial end and the days left while the trial runs, and offers Subscribe', () => {
    const summary = billingSummary(
      view({ status: 'trialing', trialEnd: '2025-10-05T12:00:00.000Z' }),
      now,
      london,
    );
    expect(summary).toMatchObject({
      planName: 'Pro Monthly',
      statusText: 'Free trial',
      trial: { endsOn: 'Oct 5, 2025', daysLeft: 3 },
      period: null,
      pastDueWarning: null,
      manageUrl: null,
      offerSubscribe: true,
    });
  });

  it('shows the next payment and Manage billing for an active subscription', () => {
    const summary = billingSummary(
      view({
        currentPeriodEnd: '2025-11-02T12:00:00.000Z',
        portalUrl: 'https://billing.stripe.com/p/session/test_1',
      }),
      now,
      london,
    );
    expect(summary).toMatchObject({
      statusText: 'Active',
      trial: null,
      period: { kind: 'renews', on: 'Nov 2, 2025' },
      manageUrl: 'https://billing.stripe.com/p/session/test_1',
      offerSubscribe: false,
    });
  });

  it("dates the next payment on the seller's calendar, not the browser's", () => {
    const lateInLondon = view({ currentPeriodEnd: '2025-11-02T23:30:00.000Z' });
    expect(billingSummary(lateInLondon, now, london).period?.on).toBe('Nov 2, 2025');
    expect(billingSummary(lateInLondon, now, dateDisplayIn('Asia/Tokyo')).period?.on).toBe(
      'Nov 3, 2025',
    );
  });

  it('says when a subscription cancelled at the end of its period ends', () => {
    const summary = billingSummary(
      view({ currentPeriodEnd: '2025-11-02T12:00:00.000Z', cancelAtPeriodEnd: true }),
      now,
      london,
    );
    expect(summary.period).toEqual({ kind: 'ends', on: 'Nov 2, 2025' });
  });

  it('warns while past due, with the end of the grace period', () => {
    const summary = billingSummary(
      view({ status: 'past_due', graceUntil: '2025-10-09T12:00:00.000Z' }),
      now,
      london,
    );
    expect(summary).toMatchObject({
      statusText: 'Past due',
      pastDueWarning: 'Past due — update your card by Oct 9, 2025',
      offerSubscribe: false,
    });
  });

  it('offers Subscribe and words the state when there is no subscription', () => {
    expect(
      billingSummary(view({ status: 'expired', plan: null, planName: null }), now, london),
    ).toMatchObject({
      planName: null,
      statusText: 'Trial ended',
      offerSubscribe: true,
      period: null,
    });
    expect(billingSummary(view({ status: 'cancelled' }), now, london)).toMatchObject({
      statusText: 'Cancelled',
      offerSubscribe: true,
    });
    expect(
      billingSummary(view({ status: 'none', planName: null, plan: null }), now, london),
    ).toMatchObject({ statusText: 'No subscription', offerSubscribe: true });
  });

  it('never offers a portal address that is not http(s) or on this site', () => {
    expect(
      billingSummary(view({ portalUrl: 'javascript:alert(1)' }), now, london).manageUrl,
    ).toBeNull();
  });
});

describe('headerBillingState (dashboard header)', () => {
  it('shows the plan name alone for an active subscription', () => {
    expect(headerBillingState(view({}), now, london)).toEqual({
      planName: 'Pro Monthly',
      note: null,
      warning: false,
      offerSubscribe: false,
    });
  });

  it('counts the trial days and offers Subscribe while trialing', () => {
    expect(
      headerBillingState(
        view({ status: 'trialing', trialEnd: '2025-10-03T12:00:00.000Z' }),
        now,
        london,
      ),
    ).toEqual({
      planName: 'Pro Monthly',
      note: 'Trial: 1 day left',
      warning: false,
      offerSubscribe: true,
    });
  });

  it('warns while past due', () => {
    expect(
      headerBillingState(
        view({ status: 'past_due', graceUntil: '2025-10-09T12:00:00.000Z' }),
        now,
        london,
      ),
    ).toMatchObject({ note: 'Past due — update your card by Oct 9, 2025', warning: true });
  });

  it('offers Subscribe when the trial or the subscription is over', () => {
    expect(headerBillingState(view({ status: 'expired' }), now, london)).toMatchObject({
      note: 'Trial ended',
      offerSubscribe: true,
    });
    expect(
      headerBillingState(view({ status: 'none', planName: null, plan: null }), now, london),
    ).toEqual({
      planName: null,
      note: null,
      warning: false,
      offerSubscribe: true,
    });
  });
});

describe('after a successful checkout', () => {
  it('goes to the kept page once, unless it is the page already shown', () => {
    expect(destinationAfterSubscription('/analytics?days=30', '/dashboard')).toBe(
      '/analytics?days=30',
    );
    expect(destinationAfterSubscription('/dashboard?page=2', '/dashboard')).toBeNull();
    expect(destinationAfterSubscription(null, '/dashboard')).toBeNull();
  });

  it('waits for the subscription to read active, for a bounded time', () => {
    expect(confirmationSettled(null, 0)).toBe(false);
    expect(confirmationSettled(view({ status: 'trialing' }), 3)).toBe(false);
    expect(confirmationSettled(view({ status: 'active' }), 1)).toBe(true);
    expect(confirmationSettled(view({ status: 'expired' }), 20)).toBe(true);
  });
});
