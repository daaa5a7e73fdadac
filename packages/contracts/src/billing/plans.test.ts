import { describe, expect, it } from 'vitest';
import { formatPence, selectablePlans, yearlySaving } from './plans.js';

describe('plan catalogue', () => {
  it('shows the yearly saving of £17.89 the onboarding states', () => {
    expect(formatPence(yearlySaving())).toBe('£17.89');
  });

  it('leaves the free plan out of what a seller can choose', () => {
    expect(selectablePlans.map((plan) => plan.id)).toEqual(['pro_monthly', 'pro_yearly']);
  });
});
