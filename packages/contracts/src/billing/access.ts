import { z } from 'zod';
import type { RouteContract, ServiceName } from '../route.js';
import type { SubscriptionView } from './schemas.js';

/** Why a seller's workspace call was refused with 402 (spec 001 §2, the pricing page's `reason`). */
export const accessReasons = [
  'trial_expired',
  'subscription_required',
  'subscription_cancelled',
] as const;
export type AccessReason = (typeof accessReasons)[number];

/** The pricing page's banner for each reason (spec 001 §2 "Pricing page"). */
export const accessReasonBanners: Record<AccessReason, string> = {
  trial_expired: 'Your free trial has expired. Please subscribe to continue using ONVELOPE.',
  subscription_required: 'A subscription is required to access this feature.',
  subscription_cancelled: 'Subscription cancelled. You can restart anytime.',
};

/**
 * What svc-billing knows of a Stripe subscription, in Stripe's own words, reduced to what decides
 * access: `canceled`, `unpaid` and `incomplete_expired` end it; `incomplete` never started it.
 */
export const stripeSubscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type StripeSubscriptionStatus = (typeof stripeSubscriptionStatuses)[number];

/**
 * A seller account's billing state as svc-billing publishes it on `billing.access.<accountId>`:
 * enough for any service to decide, at any moment, whether the account's workspace is open. Time
 * does the rest (a trial or a grace period ends without a new message). `version` grows with every
 * change, so a reader keeps the newest.
 */
export const billingAccessState = z.object({
  accountId: z.string().min(1),
  version: z.number().int().positive(),
  trialEnd: z.iso.datetime().nullable(),
  subscriptionStatus: z.enum(stripeSubscriptionStatuses).nullable(),
  /** While `past_due`, the workspace stays open until then (svc-billing README: grace period). */
  graceUntil: z.iso.datetime().nullable(),
});
export type BillingAccessState = z.infer<typeof billingAccessState>;

/** The seller-facing state of a subscription (GET /api/payments/subscription). */
export const subscriptionStatuses = [
  'none',
  'trialing',
  'active',
  'past_due',
  'cancelled',
  'expired',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * A Stripe subscription runs (paid, or a payment failed and the grace period runs): its plan, card
 * and cancelling belong to the customer portal, and a second checkout would start a second one.
 */
export const isSubscribed = (status: SubscriptionStatus): boolean =>
  status === 'active' || status === 'past_due';

/**
 * The seller-facing status in words. Every screen that names it (account settings, the dashboard
 * header, the local customer portal) takes the words from here, so they never disagree.
 */
export const subscriptionStatusWords: Record<SubscriptionStatus, string> = {
  none: 'No subscription',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Trial ended',
};

/** The fields of a `SubscriptionView` that say what state it is in. */
export type SubscriptionStateFields = Pick<
  SubscriptionView,
  'status' | 'trialEnd' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'graceUntil'
>;

/**
 * 'Past due — update your card by Oct 9, 2025', or without the date when it is not known. Dates
 * are written by the screen (`formatDate`): in the reader's time zone, which only it knows.
 */
export function pastDueText(
  graceUntil: string | null,
  formatDate: (iso: string) => string,
): string {
  const words = `${subscriptionStatusWords.past_due} — update your card`;
  return graceUntil ? `${words} by ${formatDate(graceUntil)}` : words;
}

/**
 * The state of a subscription in one line, from the same view and words as account settings. A
 * subscription taken during the free trial counts as active (see `accessOf`), and its first payment
 * is taken when the trial ends: Stripe's period ends then.
 *
 * @example subscriptionStateText(view, now, formatDate) // 'Active — first payment on Dec 5, 2026, when your free trial ends'
 */
export function subscriptionStateText(
  view: SubscriptionStateFields,
  now: Date,
  formatDate: (iso: string) => string,
): string {
  const status = subscriptionStatusWords[view.status];
  const periodEnd = view.currentPeriodEnd;
  switch (view.status) {
    case 'active':
      if (!periodEnd) return status;
      if (view.cancelAtPeriodEnd) return `${status} — ends on ${formatDate(periodEnd)}`;
      return firstPaymentAtTrialEnd(view, now)
        ? `${status} — first payment on ${formatDate(periodEnd)}, when your free trial ends`
        : `${status} — next payment on ${formatDate(periodEnd)}`;
    case 'trialing':
      return view.trialEnd ? `${status} — ends on ${formatDate(view.trialEnd)}` : status;
    case 'past_due':
      return pastDueText(view.graceUntil, formatDate);
    case 'none':
    case 'cancelled':
    case 'expired':
      return status;
  }
}

// Stripe's first period of a subscription started in the trial ends with the trial.
function firstPaymentAtTrialEnd(view: SubscriptionStateFields, now: Date): boolean {
  if (!view.trialEnd || !view.currentPeriodEnd) return false;
  const trialEnd = Date.parse(view.trialEnd);
  return now.getTime() < trialEnd && Date.parse(view.currentPeriodEnd) <= trialEnd;
}

export type AccessDecision =
  | { allowed: true; status: Extract<SubscriptionStatus, 'trialing' | 'active' | 'past_due'> }
  | {
      allowed: false;
      status: Exclude<SubscriptionStatus, 'trialing' | 'active'>;
      reason: AccessReason;
    };

const paying = new Set<StripeSubscriptionStatus>(['active', 'trialing']);
const ended = new Set<StripeSubscriptionStatus>(['canceled', 'unpaid', 'incomplete_expired']);

/**
 * Whether an account's workspace is open at `now`, and in which state: a paying subscription
 * opens it; a payment failure keeps it open until the grace period ends; without a subscription
 * that counts, the free trial opens it until `trialEnd`. An account svc-billing has never heard
 * of (onboarding not finished) has neither.
 *
 * @example accessOf({ ...state, subscriptionStatus: null, trialEnd: '2026-01-01T00:00:00Z' }, now)
 */
export function accessOf(state: BillingAccessState | undefined, now: Date): AccessDecision {
  const status = state?.subscriptionStatus ?? null;
  if (status && paying.has(status)) return { allowed: true, status: 'active' };
  if (status === 'past_due' || status === 'paused') {
    const graceUntil = state?.graceUntil ? Date.parse(state.graceUntil) : 0;
    return now.getTime() < graceUntil
      ? { allowed: true, status: 'past_due' }
      : { allowed: false, status: 'past_due', reason: 'subscription_required' };
  }
  const trialEnd = state?.trialEnd ? Date.parse(state.trialEnd) : null;
  if (trialEnd !== null && now.getTime() < trialEnd) return { allowed: true, status: 'trialing' };
  if (status && ended.has(status)) {
    return { allowed: false, status: 'cancelled', reason: 'subscription_cancelled' };
  }
  if (trialEnd !== null) return { allowed: false, status: 'expired', reason: 'trial_expired' };
  return { allowed: false, status: 'none', reason: 'subscription_required' };
}

/** The services whose seller calls are the paid workspace. */
const workspaceServices = new Set<ServiceName>(['svc-orders', 'svc-sync', 'svc-analytics']);

/**
 * Whether a call needs an open workspace (trial or subscription): every seller call of the
 * workspace services except those marked `openWithoutSubscription` (reports and export, clearing
 * one's data, listing and disconnecting stores). Sign-in, settings and billing are never closed.
 */
export function requiresSubscription(route: RouteContract): boolean {
  return (
    route.access === 'merchant' &&
    workspaceServices.has(route.service) &&
    !route.openWithoutSubscription
  );
}
