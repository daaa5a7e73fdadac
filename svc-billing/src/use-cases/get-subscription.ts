import {
  isSubscribed,
  plans,
  type ResponseOf,
  type getSubscription as getSubscriptionRoute,
  type SubscriptionView,
} from '@onvelope/contracts';
import type { BillingAccountDocument } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import { graceUntilOf } from '../domain/subscription-state.js';
import { accessDecisionOf } from './billing-state.js';
import { hasCurrentConsent } from './create-checkout.js';
import { askProvider } from './payments-available.js';

/**
 * Spec 001 §7 GET /api/payments/subscription (its answer is not shown there): the seller-facing
 * state, the dates that matter to them, and a link to Stripe's customer portal (change card,
 * invoices, cancel) once they have a Stripe customer.
 */
export async function getSubscription(
  deps: BillingDeps,
  accountId: string,
  { withPortal }: { withPortal: boolean },
): Promise<ResponseOf<typeof getSubscriptionRoute>> {
  const account = await deps.accounts.findById(accountId).lean<BillingAccountDocument>();
  return {
    success: true,
    subscription: {
      ...subscriptionViewOf(deps, account, deps.now()),
      portalUrl: account && withPortal ? await portalUrlOf(deps, account) : null,
    },
  };
}

/** The seller-facing state of an account's subscription at `now` (also the local portal's). */
export function subscriptionViewOf(
  deps: BillingDeps,
  account: BillingAccountDocument | null,
  now: Date,
): Omit<SubscriptionView, 'portalUrl'> {
  const decision = accessDecisionOf(account, deps.graceDays, now);
  const subscription = account?.subscription ?? null;
  const plan =
    subscription?.planId ??
    deps.catalogue.planIdOfPrice(subscription?.priceId ?? null) ??
    account?.selectedPlan ??
    null;
  const subscribed = isSubscribed(decision.status);
  return {
    plan,
    planName: plans.find((entry) => entry.id === plan)?.name ?? null,
    status: decision.status,
    reason: decision.allowed ? null : decision.reason,
    trialEnd: account?.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: subscribed ? (subscription?.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: subscribed && (subscription?.cancelAtPeriodEnd ?? false),
    graceUntil: graceUntilOf(subscription, deps.graceDays)?.toISOString() ?? null,
    consentOnFile: account ? hasCurrentConsent(account) : false,
  };
}

/**
 * A customer-portal session for the seller, made when asked (Stripe's portal links are short-lived
 * and single-use); with stripe-mock, the local portal page stands in for it.
 */
async function portalUrlOf(
  deps: BillingDeps,
  account: BillingAccountDocument,
): Promise<string | null> {
  const payments = deps.payments;
  if (!payments || !account.stripeCustomerId) return null;
  const customerId = account.stripeCustomerId;
  const returnUrl = new URL('/account-settings', deps.publicSiteUrl).toString();
  const portal = await askProvider(deps, () => payments.createPortal(customerId, returnUrl));
  if (!payments.isMock) return portal.url;
  await deps.portals.create({
    _id: portal.id,
    accountId: account._id,
    returnUrl: '/account-settings',
    createdAt: deps.now(),
  });
  return `/api/payments/local-portal/${portal.id}`;
}
