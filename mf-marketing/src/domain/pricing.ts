import {
  accessReasonBanners,
  formatPence,
  yearlySaving,
  type PlanView,
  type SubscriptionView,
} from '@onvelope/contracts';
import { billingDestination, hasSubscription, isAccessReason } from '@onvelope/ui';

/** The plan cards in order: monthly, then yearly. The free plan never shows (spec 001 §5). */
export function pricingPlans(plans: readonly PlanView[]): PlanView[] {
  const order = { month: 0, year: 1 } as const;
  return plans
    .filter((plan) => plan.id !== 'free')
    .sort((a, b) => order[a.interval] - order[b.interval]);
}

/**
 * spec 001 §9: the pricing page's yearly saving, 12 monthly prices minus the yearly price, rounded,
 * from the plans as loaded (so it follows the catalogue); null when one is missing or nothing is saved.
 */
export function yearlySavingOf(plans: readonly PlanView[]): number | null {
  const saving = yearlySaving(plans);
  return saving > 0 ? saving : null;
}

/** 'Save £17.89 a year'. */
export function savingLabel(pence: number): string {
  return `Save ${formatPence(pence)} a year`;
}

/** spec 001 §2: the banner for the query's `reason`; an unknown or missing reason shows none. */
export function reasonBannerOf(reason: string | null): string | null {
  return isAccessReason(reason) ? accessReasonBanners[reason] : null;
}

/** What a plan card's button does. */
export type CardAction = { kind: 'subscribe' } | { kind: 'manage'; url: string };

/**
 * A seller who already pays (or whose payment failed and who is in the grace period) manages the
 * subscription in Stripe's portal, plan changes included: a checkout would start a second one.
 */
export function cardActionOf(subscription: SubscriptionView | null): CardAction {
  const portal = billingDestination(subscription?.portalUrl);
  return hasSubscription(subscription) && portal
    ? { kind: 'manage', url: portal }
    : { kind: 'subscribe' };
}

/** The card of the plan the seller pays for now. */
export function isCurrentPlan(plan: PlanView, subscription: SubscriptionView | null): boolean {
  return hasSubscription(subscription) && subscription?.plan === plan.id;
}
