import type { planIds, StripeSubscriptionStatus } from '@onvelope/contracts';

export type PlanId = (typeof planIds)[number];

/** The seller's Stripe subscription as svc-billing keeps it. */
export interface StoredSubscription {
  id: string;
  status: StripeSubscriptionStatus;
  planId: PlanId | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's `created` (epoch seconds) of the event that last changed it: events are ordered by it. */
  changedAt: number;
  /** When payments started failing; the grace period runs from here. */
  pastDueSince: Date | null;
}

/** What one Stripe event says of a subscription; fields it does not speak of are left out. */
export interface SubscriptionReport {
  id: string;
  status: StripeSubscriptionStatus;
  planId?: PlanId | null;
  priceId?: string | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
}

const inGoodStanding = new Set<StripeSubscriptionStatus>(['active', 'trialing', 'past_due']);
const finished = new Set<StripeSubscriptionStatus>(['canceled', 'incomplete_expired']);

/** A running subscription (paid, in Stripe's trial, or a payment failed and the grace runs). */
export const isRunning = (status: StripeSubscriptionStatus): boolean => inGoodStanding.has(status);

/**
 * The subscription after an event reported at `eventAt` (epoch seconds), or null when the event
 * changes nothing. Stripe delivers events at least once and in any order, so:
 * - an event older than the last one applied to the same subscription is stale;
 * - a finished subscription (canceled, incomplete_expired) never comes back: Stripe never
 *   reopens one, so a late `updated` must not either;
 * - a running subscription (in good standing) is changed only by its own events: the end of an
 *   old subscription never ends it, and a second one running beside it does not replace it (the
 *   seller would pay twice and the first be forgotten; see `isSecondSubscription`). A report of
 *   another subscription replaces one that is not running.
 */
export function nextSubscription(
  current: StoredSubscription | null,
  report: SubscriptionReport,
  eventAt: number,
): StoredSubscription | null {
  if (current && current.id === report.id) {
    if (finished.has(current.status) || eventAt < current.changedAt) return null;
    const next: StoredSubscription = {
      ...current,
      ...definedFields(report),
      changedAt: eventAt,
      pastDueSince: pastDueSinceOf(current, report.status, eventAt),
    };
    return sameSubscription(current, next) ? null : next;
  }
  if (current && inGoodStanding.has(current.status)) return null;
  return {
    id: report.id,
    status: report.status,
    planId: report.planId ?? null,
    priceId: report.priceId ?? null,
    currentPeriodEnd: report.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: report.cancelAtPeriodEnd ?? false,
    changedAt: eventAt,
    pastDueSince: report.status === 'past_due' ? new Date(eventAt * 1000) : null,
  };
}

/**
 * Whether the report is of a second subscription running beside the account's running one: what
 * two paid checkouts make. The caller cancels it at Stripe and keeps a record of it.
 */
export function isSecondSubscription(
  current: StoredSubscription | null,
  report: SubscriptionReport,
): boolean {
  return (
    current !== null &&
    current.id !== report.id &&
    inGoodStanding.has(current.status) &&
    inGoodStanding.has(report.status)
  );
}

/** The end of the grace period of a past-due subscription, or null when it is not past due. */
export function graceUntilOf(
  subscription: StoredSubscription | null,
  graceDays: number,
): Date | null {
  if (subscription?.status !== 'past_due' || !subscription.pastDueSince) return null;
  return new Date(subscription.pastDueSince.getTime() + graceDays * 24 * 60 * 60_000);
}

function pastDueSinceOf(
  current: StoredSubscription,
  status: StripeSubscriptionStatus,
  eventAt: number,
): Date | null {
  if (status !== 'past_due') return null;
  return current.status === 'past_due' && current.pastDueSince
    ? current.pastDueSince
    : new Date(eventAt * 1000);
}

function definedFields(report: SubscriptionReport): Partial<StoredSubscription> {
  return Object.fromEntries(
    Object.entries(report).filter(([, value]) => value !== undefined),
  ) as Partial<StoredSubscription>;
}

function sameSubscription(a: StoredSubscription, b: StoredSubscription): boolean {
  return (
    a.status === b.status &&
    a.planId === b.planId &&
    a.priceId === b.priceId &&
    a.currentPeriodEnd?.getTime() === b.currentPeriodEnd?.getTime() &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    a.pastDueSince?.getTime() === b.pastDueSince?.getTime()
  );
}
