import {
  pastDueText,
  plans,
  subscriptionStatusWords,
  type SubscriptionView,
} from '@onvelope/contracts';
import { billingDestination, formatDate, hasSubscription, type DateDisplay } from '@onvelope/ui';

/**
 * What the dashboard header and the account settings say about the seller's subscription, from
 * GET /api/payments/subscription: plan name, status in words, trial days left, next payment,
 * past-due warning, and which of Manage billing / Subscribe to offer. Pure, so it is unit-tested.
 */

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whole days until `endIso`, rounded up (a trial ending in 5 hours still has 1 day left, and "0
 * days left" would read as already over); 0 once it has passed; null without a date.
 */
export function daysLeft(endIso: string | null | undefined, now: Date): number | null {
  if (!endIso) return null;
  const end = Date.parse(endIso);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / dayMs));
}

/** '1 day left', '5 days left'. */
export function daysLeftText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/**
 * The plan's name as the seller reads it ('Pro Monthly', never the id `pro_monthly`): the
 * subscription's own name, else the catalogue's name for the id, else null.
 */
export function planNameOf(
  planName: string | null | undefined,
  planId: string | null | undefined,
): string | null {
  if (planName) return planName;
  return plans.find((plan) => plan.id === planId)?.name ?? null;
}

export interface BillingSummary {
  planName: string | null;
  statusText: string;
  /** While the free trial runs. */
  trial: { endsOn: string; daysLeft: number } | null;
  /** The next payment, or the end of a subscription cancelled at the end of its period. */
  period: { kind: 'renews' | 'ends'; on: string } | null;
  /** While past due: the warning, with the end of the grace period when known. */
  pastDueWarning: string | null;
  /** The Stripe customer portal, when there is one to open. */
  manageUrl: string | null;
  /** No active subscription: offer the pricing page. */
  offerSubscribe: boolean;
}

// The billing dates in the one date form, in the seller's zone; null without a valid date.
function dateIn(iso: string | null | undefined, display: DateDisplay): string | null {
  return formatDate(iso, '', display) || null;
}

/** The account settings' billing block, its dates in `display`'s zone. */
export function billingSummary(
  view: SubscriptionView,
  now: Date,
  display: DateDisplay,
): BillingSummary {
  const trialEnd = view.status === 'trialing' ? dateIn(view.trialEnd, display) : null;
  const trialDays = view.status === 'trialing' ? daysLeft(view.trialEnd, now) : null;
  const periodEnd = hasSubscription(view) ? dateIn(view.currentPeriodEnd, display) : null;
  return {
    planName: planNameOf(view.planName, view.plan),
    statusText: subscriptionStatusWords[view.status],
    trial: trialEnd && trialDays !== null ? { endsOn: trialEnd, daysLeft: trialDays } : null,
    period: periodEnd ? { kind: view.cancelAtPeriodEnd ? 'ends' : 'renews', on: periodEnd } : null,
    pastDueWarning: view.status === 'past_due' ? pastDueWarning(view.graceUntil, display) : null,
    manageUrl: billingDestination(view.portalUrl),
    offerSubscribe: !hasSubscription(view),
  };
}

/** 'Past due — update your card by Oct 9, 2025': the local portal's words (contracts). */
export const pastDueWarning = (graceUntil: string | null, display: DateDisplay): string =>
  pastDueText(graceUntil, (iso) => formatDate(iso, '', display));

export interface HeaderBillingState {
  planName: string | null;
  /** 'Trial: 3 days left', 'Past due — update your card by ...', 'Trial ended', or null. */
  note: string | null;
  /** The note is a warning (past due, trial over, cancelled). */
  warning: boolean;
  offerSubscribe: boolean;
}

/** The dashboard header's compact billing state, its date in `display`'s zone. */
export function headerBillingState(
  view: SubscriptionView,
  now: Date,
  display: DateDisplay,
): HeaderBillingState {
  const planName = planNameOf(view.planName, view.plan);
  const offerSubscribe = !hasSubscription(view);
  switch (view.status) {
    case 'active':
      return { planName, note: null, warning: false, offerSubscribe };
    case 'trialing': {
      const days = daysLeft(view.trialEnd, now);
      const note =
        days === null ? subscriptionStatusWords.trialing : `Trial: ${daysLeftText(days)}`;
      return { planName, note, warning: false, offerSubscribe };
    }
    case 'past_due':
      return {
        planName,
        note: pastDueWarning(view.graceUntil, display),
        warning: true,
        offerSubscribe,
      };
    case 'none':
      return { planName, note: null, warning: false, offerSubscribe };
    case 'cancelled':
    case 'expired':
      return {
        planName,
        note: subscriptionStatusWords[view.status],
        warning: true,
        offerSubscribe,
      };
  }
}

/**
 * spec 001 §2: the pricing page's `redirect`, kept in session storage, is where the seller goes
 * after subscribing; null when there is none or it is the page they are already on.
 */
export function destinationAfterSubscription(
  saved: string | null,
  currentPathname: string,
): string | null {
  if (!saved) return null;
  const pathname = saved.split(/[?#]/, 1)[0];
  return pathname === currentPathname ? null : saved;
}

/**
 * Back from a successful checkout, Stripe's webhook may reach the services a moment after the
 * browser: the dashboard reads the subscription every second until it is active, for up to 20 s.
 */
export const subscriptionConfirmation = { intervalMs: 1000, attempts: 20 } as const;

/** Whether the dashboard stops waiting for the payment to show (active, or waited long enough). */
export function confirmationSettled(view: SubscriptionView | null, attempts: number): boolean {
  return view?.status === 'active' || attempts >= subscriptionConfirmation.attempts;
}
