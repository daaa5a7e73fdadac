import { describe, expect, it } from 'vitest';
import {
  pastDueText,
  subscriptionStateText,
  subscriptionStatusWords,
  type SubscriptionStateFields,
} from './access.js';

const now = new Date('2026-11-28T12:00:00Z');
const utc = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const view = (fields: Partial<SubscriptionStateFields>): SubscriptionStateFields => ({
  status: 'active',
  trialEnd: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceUntil: null,
  ...fields,
});

describe('subscriptionStateText', () => {
  it('says a subscription taken in the free trial is active, first paid when the trial ends', () => {
    const trialEnd = '2026-12-05T09:00:00.000Z';
    expect(subscriptionStateText(view({ trialEnd, currentPeriodEnd: trialEnd }), now, utc)).toBe(
      'Active — first payment on Dec 5, 2026, when your free trial ends',
    );
  });

  it('gives the next payment of a subscription paid after the trial', () => {
    const text = subscriptionStateText(
      view({ trialEnd: '2026-11-20T09:00:00.000Z', currentPeriodEnd: '2026-12-28T12:00:00.000Z' }),
      now,
      utc,
    );
    expect(text).toBe('Active — next payment on Dec 28, 2026');
  });

  it('gives the end of a subscription cancelled at the end of its period', () => {
    const text = subscriptionStateText(
      view({ currentPeriodEnd: '2026-12-28T12:00:00.000Z', cancelAtPeriodEnd: true }),
      now,
      utc,
    );
    expect(text).toBe('Active — ends on Dec 28, 2026');
  });

  it('gives the end of the free trial, and the grace period of a failed payment', () => {
    expect(
      subscriptionStateText(
        view({ status: 'trialing', trialEnd: '2026-12-05T09:00:00.000Z' }),
        now,
        utc,
      ),
    ).toBe('Free trial — ends on Dec 5, 2026');
    expect(
      subscriptionStateText(
        view({ status: 'past_due', graceUntil: '2026-12-01T00:00:00.000Z' }),
        now,
        utc,
      ),
    ).toBe('Past due — update your card by Dec 1, 2026');
    expect(pastDueText(null, utc)).toBe('Past due — update your card');
  });

  it('names the states without a date in the same words as account settings', () => {
    for (const status of ['none', 'cancelled', 'expired'] as const) {
      expect(subscriptionStateText(view({ status }), now, utc)).toBe(
        subscriptionStatusWords[status],
      );
    }
    expect(subscriptionStateText(view({ status: 'active' }), now, utc)).toBe('Active');
  });
});
