import { describe, expect, it } from 'vitest';
import { routeTable } from '../routes.js';
import { accessOf, requiresSubscription, type BillingAccessState } from './access.js';

const now = new Date('2026-06-15T12:00:00Z');
const state = (fields: Partial<BillingAccessState>): BillingAccessState => ({
  accountId: 'a',
  version: 1,
  trialEnd: null,
  subscriptionStatus: null,
  graceUntil: null,
  ...fields,
});
const tomorrow = '2026-06-16T12:00:00.000Z';
const yesterday = '2026-06-14T12:00:00.000Z';

describe('accessOf', () => {
  it.each([
    [
      'no billing state at all',
      undefined,
      { allowed: false, status: 'none', reason: 'subscription_required' },
    ],
    ['a running trial', state({ trialEnd: tomorrow }), { allowed: true, status: 'trialing' }],
    [
      'an ended trial',
      state({ trialEnd: yesterday }),
      { allowed: false, status: 'expired', reason: 'trial_expired' },
    ],
    [
      'an active subscription after the trial',
      state({ trialEnd: yesterday, subscriptionStatus: 'active' }),
      { allowed: true, status: 'active' },
    ],
    [
      "Stripe's own trial of a subscription",
      state({ subscriptionStatus: 'trialing' }),
      { allowed: true, status: 'active' },
    ],
    [
      'a failed payment inside the grace period',
      state({ subscriptionStatus: 'past_due', graceUntil: tomorrow }),
      { allowed: true, status: 'past_due' },
    ],
    [
      'a failed payment past the grace period',
      state({ subscriptionStatus: 'past_due', graceUntil: yesterday }),
      { allowed: false, status: 'past_due', reason: 'subscription_required' },
    ],
    [
      'a cancelled subscription',
      state({ trialEnd: yesterday, subscriptionStatus: 'canceled' }),
      { allowed: false, status: 'cancelled', reason: 'subscription_cancelled' },
    ],
    [
      'a subscription cancelled during the trial',
      state({ trialEnd: tomorrow, subscriptionStatus: 'canceled' }),
      { allowed: true, status: 'trialing' },
    ],
    [
      'an unpaid subscription',
      state({ trialEnd: yesterday, subscriptionStatus: 'unpaid' }),
      { allowed: false, status: 'cancelled', reason: 'subscription_cancelled' },
    ],
    [
      'a checkout whose first payment never went through',
      state({ trialEnd: yesterday, subscriptionStatus: 'incomplete' }),
      { allowed: false, status: 'expired', reason: 'trial_expired' },
    ],
  ])('decides %s', (_name, given, expected) => {
    expect(accessOf(given, now)).toEqual(expected);
  });
});

describe('requiresSubscription', () => {
  it('closes the seller calls of the workspace services and leaves the data exits open', () => {
    const open = routeTable
      .filter((route) => route.access === 'merchant' && !requiresSubscription(route))
      .filter((route) => ['svc-orders', 'svc-sync', 'svc-analytics'].includes(route.service))
      .map((route) => `${route.method} ${route.path}`);
    expect(open).toEqual([
      'DELETE /api/upload/clear-csv-data',
      'DELETE /api/upload/clear-all-data',
      'POST /api/reports/search',
      'POST /api/reports/export',
      // A selection's export is read-only like the report's: a closed workspace may take it too.
      'POST /api/upload/bulk-export',
      'GET /api/bigcartel/connections',
      'DELETE /api/bigcartel/disconnect/{id}',
      'DELETE /api/bigcartel/connections/{id}',
      'DELETE /api/bigcartel/clear-all-data',
    ]);
    expect(
      routeTable.filter(requiresSubscription).every((route) => route.access === 'merchant'),
    ).toBe(true);
    expect(
      routeTable.some((route) => route.service === 'svc-auth' && requiresSubscription(route)),
    ).toBe(false);
    expect(
      routeTable.some((route) => route.service === 'svc-billing' && requiresSubscription(route)),
    ).toBe(false);
    expect(routeTable.filter(requiresSubscription).length).toBeGreaterThan(30);
  });
});
