import {
  currentTermsVersion,
  formatPence,
  selectablePlans,
  trialDays,
  type Plan,
} from '@onvelope/contracts';

/**
 * The figures the legal texts and the contact page promise (spec 001 §9), in one place so every page
 * that states one states the same one. The trial length and prices come from the plan catalogue.
 */
export const commitments = {
  trialDays,
  refundDays: 30,
  retentionYears: 7,
  responseHours: 24,
  uptimeTarget: '99.9%',
  minimumAge: 18,
} as const;

/** 'October 2, 2025' from a version such as '2025-10-02' (the legal texts are dated in US style). */
export function legalDate(version: string): string {
  return new Date(`${version}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** spec 001 §9: the current terms and privacy version, the one a seller's consent records. */
export const currentLegalVersion = currentTermsVersion;

/**
 * '£8.99 a month (Pro Monthly) or £89.99 a year (Pro Yearly)': of the plan catalogue, or of the plans
 * a page loaded from GET /api/payments/plans.
 */
export function planPricesText(
  plans: readonly Pick<Plan, 'name' | 'price' | 'interval'>[] = selectablePlans,
): string {
  return plans
    .map((plan) => `${formatPence(plan.price)} a ${plan.interval} (${plan.name})`)
    .join(' or ');
}
