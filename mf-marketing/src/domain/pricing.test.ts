import { describe, expect, it } from 'vitest';
import type { PlanView, SubscriptionView } from '@onvelope/contracts';
import {
  cardActionOf,
  isCurrentPlan,
  pricingPlans,
  reasonBannerOf,
  savingLabel,
  yearlySavingOf,
} from './pricing.js';

const features = ['Unlimited order tracking'];
const monthly: PlanView = {
  id: 'pro_monthly',
  name: 'Pro Monthly',
  price: 899,
  currency: 'gbp',
  interval: 'month',
  features,
  stripePriceId: 'price_monthly',
};
const yearly: PlanView = {
  ...monthly,
  id: 'pro_yearly',
  name: 'Pro Yearly',
  price: 8999,
  interval: 'year',
  stripePriceId: 'price_yearly',
};
const free: PlanView = { ...monthly, id: 'free', name: 'Free', price: 0 };

function subscription(overrides: Partial<SubscriptionView>): SubscriptionView {
  return {
    plan: 'pro_monthly',
    planName: 'Pro Monthly',
    status: 'active',
    reason: null,
    trialEnd: null,
    currentPeriodEnd: '2025-11-02T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    graceUntil: null,
    consentOnFile: true,
    portalUrl: 'https://billing.stripe.com/p/session/test_1',
    ...overrides,
  };
}

describe('plan cards', () => {
  it('shows monthly then yearly, and never the free plan', () => {
    expect(pricingPlans([yearly, free, monthly]).map((plan) => plan.id)).toEqual([
      'pro_monthly',
      'pro_yearly',
    ]);
  });

  it('computes the yearly saving from the loaded plans: 12 monthly prices minus the yearly one', () => {
    expect(yearlySavingOf([monthly, yearly])).toBe(1789);
    expect(savingLabel(1789)).toBe('Save £17.89 a year');
    expect(
      yearlySavingOf([
        { ...monthly, price: 1999 },
        { ...yearly, price: 9900 },
      ]),
    ).toBe(14088);
  });

  it('shows no saving when a plan is missing or the yearly plan saves nothing', () => {
    expect(yearlySavingOf([monthly])).toBeNull();
    expect(yearlySavingOf([monthly, { ...yearly, price: 12_000 }])).toBeNull();
  });
});

describe('reasonBannerOf', () => {
  it("shows the spec's banner for each reason", () => {
    expect(reasonBannerOf('trial_expired')).toBe(
      'Your free trial has expired. Please subscribe to continue using ONVELOPE.',
    );
    expect(reasonBannerOf('subscription_required')).toBe(
      'A subscription is required to access this feature.',
    );
    expect(reasonBannerOf('subscription_cancelled')).toBe(
      'Subscription cancelled. You can restart anytime.',
    );
  });

  it('shows nothing for an unknown or missing reason', () => {
    expect(reasonBannerOf('constructor')).toBeNull();
    expect(reasonBannerOf('')).toBeNull();
    expect(reasonBannerOf(null)).toBeNull();
  });
});

describe('a seller who already pays', () => {
  it('manages billing in the portal instead of subscribing again, on every card', () => {
    const paying = subscription({});
    expect(cardActionOf(paying)).toEqual({
      kind: 'manage',
      url: 'https://billing.stripe.com/p/session/test_1',
    });
    expect(cardActionOf(subscription({ status: 'past_due' }))).toMatchObject({ kind: 'manage' });
    expect(isCurrentPlan(monthly, paying)).toBe(true);
    expect(isCurrentPlan(yearly, paying)).toBe(false);
  });

  it('subscribes during the trial, after it, after a cancellation and when signed out', () => {
    for (const status of ['none', 'trialing', 'cancelled', 'expired'] as const) {
      expect(cardActionOf(subscription({ status }))).toEqual({ kind: 'subscribe' });
      expect(isCurrentPlan(monthly, subscription({ status }))).toBe(false);
    }
    expect(cardActionOf(null)).toEqual({ kind: 'subscribe' });
  });

  it('subscribes when there is no portal address it may open', () => {
    expect(cardActionOf(subscription({ portalUrl: null }))).toEqual({ kind: 'subscribe' });
    expect(cardActionOf(subscription({ portalUrl: 'javascript:alert(1)' }))).toEqual({
      kind: 'subscribe',
    });
  });
});
