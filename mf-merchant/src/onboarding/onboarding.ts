import {
  formatPence,
  selectablePlans,
  trialDays,
  type Plan,
  type SelectablePlan,
} from '@onvelope/contracts';

export type SelectablePlanId = SelectablePlan['id'];

/** spec 001 §9: the plan chosen until the seller picks another. */
export const defaultPlanId: SelectablePlanId = 'pro_monthly';

/** spec 001 §9: onboarding shows only the first 4 features of a plan. */
export const shownFeatureCount = 4;

export function shownFeatures(plan: Plan): string[] {
  return plan.features.slice(0, shownFeatureCount);
}

/** The plans a seller can choose from (the catalogue leaves the free plan out, spec 001 §5). */
export function onboardingPlans(): SelectablePlan[] {
  return selectablePlans;
}

/** `£8.99 / month` */
export function priceLabel(plan: Plan): string {
  return `${formatPence(plan.price)} / ${plan.interval}`;
}

/** spec 001 §2 reading B: billing starts 7 days after today, when the trial ends. */
export function trialEndsOn(today: Date): Date {
  const end = new Date(today);
  end.setDate(end.getDate() + trialDays);
  return end;
}

/** spec 001 §9: the countries the three-step onboarding offers, GB first and chosen by default. */
export const onboardingCountries = [
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
] as const;
export type OnboardingCountry = (typeof onboardingCountries)[number];

/** The values step 3 keeps in `userDetails` (spec 001 §3: companyName, phone, country). */
export interface UserDetails {
  companyName: string;
  phone: string;
  country: OnboardingCountry;
}
