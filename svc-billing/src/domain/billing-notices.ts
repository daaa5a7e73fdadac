import type { SellerNotice, StripeSubscriptionStatus } from '@onvelope/contracts';
import { graceUntilOf, isRunning, type StoredSubscription } from './subscription-state.js';

/**
 * What svc-billing asks svc-notify to mail a seller (issue 34), decided here without I/O. Each
 * notice carries the id of the fact it tells (`billing:<kind>:<accountId>:<fact>`): the seller
 * notice outbox keeps one request per id, so asking again (a redelivered webhook, a second replica's
 * sweep) asks nothing more. The account id is in every id, so one seller's fact can never stand for
 * another's.
 */
export interface RequestedNotice {
  noticeId: string;
  notice: SellerNotice;
}

const dayMs = 24 * 60 * 60_000;

/** A failed payment as Stripe's `invoice.payment_failed` states it. */
export interface FailedPayment {
  subscriptionId: string;
  invoiceId: string | null;
  /** Stripe's `attempt_count`: this failure is the invoice's n-th attempt. */
  attemptCount: number | null;
  amountDue: number | null;
  currency: string | null;
  /** The Stripe event: names the fact when the invoice does not say which attempt failed. */
  eventId: string;
}

/**
 * The "payment failed" notice, once the failure has been applied to the account: only for the
 * account's own subscription, and only while it is past due (a failure reported after a later
 * payment settled it, or for a subscription that already ended, changes nothing and tells nothing).
 * The fact is the invoice's attempt, so Stripe's retry a few days later (the next attempt) mails
 * again and a redelivery of the same event does not.
 */
export function paymentFailedNotice(
  accountId: string,
  subscription: StoredSubscription | null,
  payment: FailedPayment,
  graceDays: number,
): RequestedNotice | null {
  if (subscription?.id !== payment.subscriptionId || subscription.status !== 'past_due') {
    return null;
  }
  const fact =
    payment.invoiceId && payment.attemptCount !== null
      ? `${payment.invoiceId}:${payment.attemptCount}`
      : payment.eventId;
  return {
    noticeId: `billing:payment_failed:${accountId}:${fact}`,
    notice: {
      kind: 'payment_failed',
      amountDue: payment.amountDue,
      currency: payment.currency && /^[a-z]{3}$/i.test(payment.currency) ? payment.currency : null,
      // From the first failure of the spell: later failures do not extend it.
      graceUntil: graceUntilOf(subscription, graceDays)?.toISOString() ?? null,
    },
  };
}

/**
 * The statuses that end a subscription the seller had: cancelled (by the seller, or by Stripe after
 * its retries) or left unpaid. Not `incomplete_expired`: a first payment that never went through
 * was never a subscription, and the seller saw that on the checkout page.
 */
const endedStatuses = new Set<StripeSubscriptionStatus>(['canceled', 'unpaid']);

/**
 * The "subscription cancelled" notice, once per subscription (`unpaid` then `canceled` is one
 * ending): only when the report ends the account's own subscription, so the end of a second
 * subscription svc-billing cancelled itself, or of an old one already replaced, tells nothing.
 */
export function subscriptionCancelledNotice(
  accountId: string,
  subscription: StoredSubscription | null,
  reported: { id: string; status: StripeSubscriptionStatus },
  endedAt: Date,
): RequestedNotice | null {
  if (
    subscription?.id !== reported.id ||
    !endedStatuses.has(reported.status) ||
    !endedStatuses.has(subscription.status)
  ) {
    return null;
  }
  return {
    noticeId: `billing:subscription_cancelled:${accountId}:${subscription.id}`,
    notice: { kind: 'subscription_cancelled', endedAt: endedAt.toISOString() },
  };
}

export const trialNoticeKinds = ['trial_ending', 'trial_ended'] as const;
export type TrialNoticeKind = (typeof trialNoticeKinds)[number];

/** "Your trial ends in two days" is asked this long before the trial's end. */
export const trialEndingNoticeMs = 2 * dayMs;

/**
 * A trial that ended longer ago than this gets no "trial ended" mail: one that ended before this
 * feature was deployed, or while svc-billing was down for days, is old news, and a flood of them
 * would read as spam.
 */
export const trialEndedNoticeWithinMs = dayMs;

/** Which trials the sweep looks at for a notice at `now` (an indexed range, see the model). */
export interface TrialNoticeWindow {
  /** Trials ending after `after` and at or before `until`. */
  after: Date;
  until: Date;
  /** The marks (`trialNoticeStep`) of accounts not yet decided for this notice. */
  undecided: (TrialNoticeKind | null)[];
}

/**
 * `trial_ending`: trials that end within two days and have not ended (one that ended while nobody
 * looked gets only `trial_ended`). `trial_ended`: trials that ended within the last day.
 */
export function trialNoticeWindow(kind: TrialNoticeKind, now: Date): TrialNoticeWindow {
  return kind === 'trial_ending'
    ? { after: now, until: new Date(now.getTime() + trialEndingNoticeMs), undecided: [null] }
    : {
        after: new Date(now.getTime() - trialEndedNoticeWithinMs),
        until: now,
        undecided: [null, 'trial_ending'],
      };
}

/**
 * Whether a subscription will follow the free trial: a running one (svc-billing's "subscribed")
 * that is not set to stop at the end of a period that ends with the trial (cancelled in the portal
 * during Stripe's trial, which checkout aligns with ours).
 */
export function subscriptionFollowsTrial(
  subscription: StoredSubscription | null,
  trialEnd: Date,
): boolean {
  if (!subscription || !isRunning(subscription.status)) return false;
  const stopsAt = subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null;
  return !stopsAt || stopsAt.getTime() > trialEnd.getTime();
}

/** The trial notice of an account the sweep found due, or null when a subscription follows. */
export function trialNotice(
  account: { _id: string; trialEnd: Date | null; subscription: StoredSubscription | null },
  kind: TrialNoticeKind,
): RequestedNotice | null {
  if (!account.trialEnd || subscriptionFollowsTrial(account.subscription, account.trialEnd)) {
    return null;
  }
  const trialEnd = account.trialEnd.toISOString();
  return {
    noticeId: `billing:${kind}:${account._id}:${trialEnd}`,
    notice: { kind, trialEnd },
  };
}
