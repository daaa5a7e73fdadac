import { describe, expect, it } from 'vitest';
import { formatPence, yearlySaving } from '@onvelope/contracts';
import {
  onboardingCountries,
  onboardingPlans,
  priceLabel,
  shownFeatures,
  trialEndsOn,
} from './onboarding.js';

describe('onboarding plans', () => {
  it('offers the monthly and yearly plans without the free one, at £8.99 and £89.99', () => {
    expect(onboardingPlans().map((plan) => [plan.id, priceLabel(plan)])).toEqual([
      ['pro_monthly', '£8.99 / month'],
      ['pro_yearly', '£89.99 / year'],
    ]);
  });

  it('shows only the first 4 features of a plan', () => {
    const [plan] = onboardingPlans();
    expect(plan!.features.length).toBeGreaterThan(4);
    expect(shownFeatures(plan!)).toEqual(plan!.features.slice(0, 4));
  });

  it('shows a yearly saving of £17.89', () => {
    expect(formatPence(yearlySaving())).toBe('£17.89');
  });
});

describe('trialEndsOn', () => {
  it('is 7 days after the given day', () => {
    expect(trialEndsOn(new Date(2026, 0, 28)).toDateString()).toBe(
      new Date(2026, 1, 4).toDateString(),
    );
  });
});

it('offers the spec countries with GB first', () => {
  expect(onboardingCountries).toEqual([
    'GB',
    'US',
    'CA',
    'AU',
    'DE',
    'FR',
    'ES',
    'IT',
    'NL',
    'OTHER',
  ]);
});
