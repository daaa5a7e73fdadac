import {
  currentTermsVersion,
  type BodyOf,
  type completeOnboarding,
  formatPence,
  selectablePlans,
  trialDays,
  type Plan,
} from '@onvelope/contracts';

export type SelectablePlanId = 'pro_monthly' | 'pro_yearly';

/** spec 001 §9: the plan chosen until the seller picks another. */
export const defaultPlanId: SelectablePlanId = 'pro_monthly';

/** spec 001 §9: onboarding shows only the first 4 features of a plan. */
export const shownFeatureCount = 4;

export function shownFeatures(plan: Plan): string[] {
  return plan.features.slice(0, shownFeatureCount);
}

/** The plans a seller can choose from (the catalogue leaves the free plan out, spec 001 §5). */
export function onboardingPlans(): (Plan & { id: SelectablePlanId })[] {
  return selectablePlans.filter(
    (plan): plan is Plan & { id: SelectablePlanId } => plan.id !== 'free',
  );
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

/**
 * The consent record the onboarding screens send (spec 001 §3): the current terms version and a
 * fixed marker instead of an IP address, which the browser cannot know.
 */
export function consentRecord(now: Date): BodyOf<typeof completeOnboarding>['consent'] {
  return {
    agreed: true,
    termsUrl: '/terms',
    privacyUrl: '/privacy',
    termsVersion: currentTermsVersion,
    consentTimestamp: now.toISOString(),
    consentIp: 'browser-client',
  };
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
