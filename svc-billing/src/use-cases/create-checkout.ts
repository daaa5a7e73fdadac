import {
  authValidationMessages,
  isSubscribed,
  currentTermsVersion,
  type BodyOf,
  type createCheckout as createCheckoutRoute,
  type ResponseOf,
} from '@onvelope/contracts';
import { badRequest, conflict } from '@onvelope/service-kit/errors';
import { storedConsentOf, type BillingAccountDocument } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import { accessDecisionOf } from './billing-state.js';
import { billingAccountOf, stripeCustomerOf } from './billing-account.js';
import { askProvider, paymentsOf } from './payments-available.js';

type CheckoutInput = BodyOf<typeof createCheckoutRoute>;

export const checkoutMessages = {
  unknownPlan: 'This plan does not exist. Please choose a plan from the pricing page.',
  alreadySubscribed:
    'You already have an active subscription. Use Manage billing to change or cancel it.',
  redirecting: 'Redirecting to secure checkout…',
  offSiteReturn: 'Checkout can only return to pages of this site.',
  offSiteField: (field: string, origin: string) => `${field} must be an address on ${origin}`,
} as const;

/** Whether the account has agreed to the terms in force now (at onboarding or a checkout). */
export const hasCurrentConsent = (account: BillingAccountDocument) =>
  account.consents.some((consent) => consent.termsVersion === currentTermsVersion);

/**
 * Spec 001 §4 "Checkout": a Stripe Checkout Session in subscription mode for the seller's Stripe
 * customer (made once, kept), for the chosen plan; the consent sent with it is stored with the
 * session. Without a consent to the current terms on file or in the request, 400. What is left of
 * the free trial is not charged: the subscription's first payment waits for the trial's end.
 */
export async function createCheckout(
  deps: BillingDeps,
  accountId: string,
  input: CheckoutInput,
  requestIp: string,
): Promise<ResponseOf<typeof createCheckoutRoute>> {
  const payments = paymentsOf(deps);
  const plan = deps.catalogue.planOf(input.priceId);
  if (!plan)
    throw badRequest(checkoutMessages.unknownPlan, [
      { message: checkoutMessages.unknownPlan, path: 'priceId' },
    ]);
  refuseOffSiteReturns(deps.publicSiteUrl, input);
  const now = deps.now();
  const account = await billingAccountOf(deps, accountId);
  if (isSubscribed(accessDecisionOf(account, deps.graceDays, now).status)) {
    throw conflict(checkoutMessages.alreadySubscribed);
  }
  if (!input.consent && !hasCurrentConsent(account)) {
    // The same words as onboarding's consent check (spec 001 §5).
    throw badRequest(authValidationMessages.termsRequired, [
      { message: authValidationMessages.termsRequired, path: 'consent' },
    ]);
  }
  const customerId = await stripeCustomerOf(deps, account);
  const trialEnd = account.trialEnd && account.trialEnd > now ? account.trialEnd : null;
  const session = await askProvider(deps, () =>
    payments.createCheckout({
      customerId,
      priceId: plan.stripePriceId,
      accountId,
      planId: plan.id,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      trialEnd,
    }),
  );
  await deps.checkouts.create({
    _id: session.id,
    accountId,
    planId: plan.id,
    priceId: plan.stripePriceId,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    trialEnd,
    status: 'open',
    createdAt: now,
  });
  await replaceOpenCheckout(deps, accountId, session.id);
  if (input.consent) {
    const consent = storedConsentOf(input.consent, {
      requestIp,
      recordedAt: now,
      givenAt: 'checkout',
      checkoutSessionId: session.id,
    });
    await deps.accounts.updateOne({ _id: accountId }, { $push: { consents: consent } });
  }
  const url = payments.isMock ? `/api/payments/local-checkout/${session.id}` : session.url;
  if (!url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
  return { success: true, url, message: checkoutMessages.redirecting };
}

/**
 * One open checkout per seller: two paid checkouts would make two subscriptions and two charges.
 * The new session takes the account's one place in a single atomic update (two checkouts at once
 * each replace exactly one session, so one stays open), and the session it replaced is expired,
 * in our record and at Stripe. Should Stripe not expire it, a subscription paid on it is found
 * as a second subscription when it arrives (`handleStripeEvent`).
 */
async function replaceOpenCheckout(deps: BillingDeps, accountId: string, sessionId: string) {
  const before = await deps.accounts
    .findOneAndUpdate(
      { _id: accountId },
      { $set: { openCheckoutId: sessionId, updatedAt: deps.now() } },
      { returnDocument: 'before' },
    )
    .lean<BillingAccountDocument>();
  const replaced = before?.openCheckoutId;
  if (!replaced) return;
  const closed = await deps.checkouts.updateOne(
    { _id: replaced, status: 'open' },
    { $set: { status: 'expired' } },
  );
  if (closed.modifiedCount === 0) return; // paid meanwhile: its subscription is on its way
  await paymentsOf(deps)
    .expireCheckout(replaced)
    .catch((error: unknown) => {
      deps.log.warn(
        { err: error, accountId, checkoutSessionId: replaced },
        'the replaced checkout session was not expired at Stripe (it may have ended already)',
      );
    });
}

/**
 * Stripe sends the browser to these addresses after checkout, so a foreign one would make our
 * checkout a redirector to any site (phishing that starts on a real payment page): only pages of
 * the site's own origin (`PUBLIC_SITE_URL`: scheme, host and port) are accepted.
 */
function refuseOffSiteReturns(
  siteUrl: string,
  input: Pick<CheckoutInput, 'successUrl' | 'cancelUrl'>,
) {
  const origin = new URL(siteUrl).origin;
  const offSite = (['successUrl', 'cancelUrl'] as const).filter(
    (field) => new URL(input[field]).origin !== origin,
  );
  if (offSite.length === 0) return;
  throw badRequest(
    checkoutMessages.offSiteReturn,
    offSite.map((field) => ({
      message: checkoutMessages.offSiteField(field, origin),
      path: `body.${field}`,
    })),
  );
}
