import type { BillingAccountDocument, SecondSubscription } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import {
  paymentFailedNotice,
  subscriptionCancelledNotice,
  type RequestedNotice,
} from '../domain/billing-notices.js';
import {
  idOf,
  invoiceSubscriptionId,
  stripeCheckoutSession,
  stripeInvoice,
  stripeSubscription,
  subscriptionTerms,
  type StripeEventEnvelope,
} from '../domain/stripe-objects.js';
import {
  isSecondSubscription,
  nextSubscription,
  type SubscriptionReport,
} from '../domain/subscription-state.js';
import { changeAccount } from './billing-state.js';
import { askProvider, paymentsOf } from './payments-available.js';

/** The Stripe events svc-billing acts on; others are acknowledged and recorded as ignored. */
export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * Handles one verified Stripe event once: a replayed id changes nothing, and events arriving out
 * of order never move a subscription back (see `nextSubscription`). Returns what it did.
 */
export async function handleStripeEvent(
  deps: BillingDeps,
  event: StripeEventEnvelope,
): Promise<string> {
  const seen = await deps.events.findById(event.id).lean();
  if (seen) return 'replay';
  const outcome = await apply(deps, event);
  await deps.events
    .updateOne(
      { _id: event.id },
      { $setOnInsert: { type: event.type, outcome, receivedAt: deps.now() } },
      { upsert: true },
    )
    .catch((error: unknown) => {
      // Handling is idempotent anyway: a second delivery finds the state already changed.
      deps.log.warn({ err: error, eventId: event.id }, 'Stripe event not recorded');
    });
  return outcome;
}

async function apply(deps: BillingDeps, event: StripeEventEnvelope): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(deps, event);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(deps, event);
    case 'invoice.paid':
      return invoiceSettled(deps, event, 'active');
    case 'invoice.payment_failed':
      return invoiceSettled(deps, event, 'past_due');
    default:
      return 'ignored: not a handled type';
  }
}

/**
 * The seller paid on the checkout page: the session names the account (our record of it, or the
 * reference we gave Stripe) and the subscription. It counts as active until the subscription's own
 * events say more; an event about that subscription that Stripe made later wins.
 */
async function checkoutCompleted(deps: BillingDeps, event: StripeEventEnvelope): Promise<string> {
  const session = stripeCheckoutSession.parse(event.data.object);
  const record = await deps.checkouts.findById(session.id).lean();
  const accountId = record?.accountId ?? session.client_reference_id ?? session.metadata?.accountId;
  const subscriptionId = idOf(session.subscription);
  if (!accountId) return 'ignored: no account';
  await deps.checkouts.updateOne({ _id: session.id }, { $set: { status: 'completed' } });
  // Paid: it is no longer the seller's open checkout (nothing is left to expire).
  await deps.accounts.updateOne(
    { _id: accountId, openCheckoutId: session.id },
    { $set: { openCheckoutId: null } },
  );
  const customerId = idOf(session.customer);
  // 'no_payment_required': the first charge waits for the end of the free trial.
  const paid =
    session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const report: SubscriptionReport | null =
    subscriptionId && paid
      ? {
          id: subscriptionId,
          status: session.payment_status === 'paid' ? 'active' : 'trialing',
          planId: record?.planId ?? null,
          priceId: record?.priceId ?? null,
        }
      : null;
  return outcomeOf(
    deps,
    event,
    report,
    await changeAccount(deps, accountId, (account) => {
      const customer =
        customerId && account.stripeCustomerId !== customerId
          ? { stripeCustomerId: customerId }
          : {};
      const known = account.subscription?.id === report?.id;
      const subscription =
        report && !known ? nextSubscription(account.subscription, report, event.created) : null;
      if (!subscription && Object.keys(customer).length === 0) return null;
      return { ...customer, ...(subscription ? { subscription } : {}) };
    }),
  );
}

async function subscriptionChanged(deps: BillingDeps, event: StripeEventEnvelope): Promise<string> {
  const object = stripeSubscription.parse(event.data.object);
  const { priceId, currentPeriodEnd } = subscriptionTerms(object);
  const planId =
    deps.catalogue.planIdOfPrice(priceId) ??
    deps.catalogue.planIdOfPrice(object.metadata?.planId ?? null);
  const report: SubscriptionReport = {
    id: object.id,
    status: object.status,
    priceId,
    planId,
    currentPeriodEnd,
    cancelAtPeriodEnd: object.cancel_at_period_end ?? false,
  };
  const accountId = await accountIdOf(deps, object.metadata?.accountId, idOf(object.customer));
  if (!accountId) return 'ignored: no account';
  const result = await changeAccount(deps, accountId, (account) => {
    const subscription = nextSubscription(account.subscription, report, event.created);
    return subscription ? { subscription } : null;
  });
  // Decided from the stored state, not from whether this delivery changed it: a delivery that
  // failed after the change (answered 5xx) is retried by Stripe and asks then.
  if (result.account) {
    const endedAt = new Date((object.ended_at ?? event.created) * 1000);
    await askSeller(
      deps,
      result.account._id,
      subscriptionCancelledNotice(result.account._id, result.account.subscription, report, endedAt),
    );
  }
  return outcomeOf(deps, event, report, result);
}

/**
 * A paid invoice ends a past-due spell; a failed one starts it (the grace period runs) and the
 * seller is asked to update their card.
 */
async function invoiceSettled(
  deps: BillingDeps,
  event: StripeEventEnvelope,
  status: 'active' | 'past_due',
): Promise<string> {
  const invoice = stripeInvoice.parse(event.data.object);
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return 'ignored: not a subscription invoice';
  const accountId = await accountIdOf(deps, undefined, idOf(invoice.customer));
  if (!accountId) return 'ignored: no account';
  const result = await changeAccount(deps, accountId, (account) => {
    const current = account.subscription;
    if (current?.id !== subscriptionId) return null;
    // A paid invoice settles a failed payment; it does not start a subscription that ended.
    const settles =
      status === 'active'
        ? current.status === 'past_due' || current.status === 'unpaid'
        : current.status === 'active' || current.status === 'trialing';
    if (!settles) return null;
    const subscription = nextSubscription(current, { id: current.id, status }, event.created);
    return subscription ? { subscription } : null;
  });
  // Every failed attempt while past due is told (Stripe's retries days apart), not only the one
  // that started the spell; decided from the stored state, as for a cancellation.
  if (status === 'past_due' && result.account) {
    const payment = {
      subscriptionId,
      invoiceId: invoice.id ?? null,
      attemptCount: invoice.attempt_count ?? null,
      amountDue: invoice.amount_due ?? null,
      currency: invoice.currency ?? null,
      eventId: event.id,
    };
    const { _id, subscription } = result.account;
    await askSeller(deps, _id, paymentFailedNotice(_id, subscription, payment, deps.graceDays));
  }
  return outcomeOf(deps, event, null, result);
}

/** Asks svc-notify to mail the seller; the outbox keeps one request per notice id. */
async function askSeller(deps: BillingDeps, accountId: string, requested: RequestedNotice | null) {
  if (requested) await deps.sellerNotices.request(accountId, requested.noticeId, requested.notice);
}

async function accountIdOf(
  deps: BillingDeps,
  fromMetadata: string | undefined,
  customerId: string | null,
): Promise<string | null> {
  if (fromMetadata) return fromMetadata;
  if (!customerId) return null;
  const account = await deps.accounts
    .findOne({ stripeCustomerId: customerId }, { _id: 1 })
    .lean<Pick<BillingAccountDocument, '_id'>>();
  return account?._id ?? null;
}

/**
 * What handling did. A report of a second subscription running beside the account's own (two
 * checkouts paid) changes nothing (`nextSubscription`) but is not forgotten: it is cancelled.
 */
async function outcomeOf(
  deps: BillingDeps,
  event: StripeEventEnvelope,
  report: SubscriptionReport | null,
  { account, changed }: { account: BillingAccountDocument | null; changed: boolean },
): Promise<string> {
  if (!account) return 'ignored: unknown account';
  if (report && isSecondSubscription(account.subscription, report)) {
    return cancelSecondSubscription(deps, event, account, report.id);
  }
  return changed ? 'applied' : 'unchanged';
}

/**
 * The account keeps the subscription it has; the second is recorded on the account, logged at
 * warn and cancelled at Stripe (its unused time credited to the customer, so the seller does not
 * pay twice). If Stripe cannot be reached the webhook answers 502 and Stripe sends the event
 * again, so the cancellation is retried.
 */
async function cancelSecondSubscription(
  deps: BillingDeps,
  event: StripeEventEnvelope,
  account: BillingAccountDocument,
  secondId: string,
): Promise<string> {
  const known = account.secondSubscriptions?.find((second) => second.id === secondId);
  if (known?.cancelledAt) return 'second subscription: already cancelled';
  const keptId = account.subscription?.id ?? '';
  deps.log.warn(
    { accountId: account._id, keptSubscriptionId: keptId, secondSubscriptionId: secondId },
    'a second subscription for an account that has one: cancelling it at Stripe',
  );
  if (!known) {
    const second: SecondSubscription = {
      id: secondId,
      keptSubscriptionId: keptId,
      eventId: event.id,
      detectedAt: deps.now(),
      cancelledAt: null,
    };
    await deps.accounts.updateOne(
      { _id: account._id, 'secondSubscriptions.id': { $ne: secondId } },
      { $push: { secondSubscriptions: second } },
    );
  }
  const payments = paymentsOf(deps);
  await askProvider(deps, () =>
    payments.cancelSubscription(secondId, `second subscription beside ${keptId}`),
  );
  await deps.accounts.updateOne(
    { _id: account._id, 'secondSubscriptions.id': secondId },
    { $set: { 'secondSubscriptions.$.cancelledAt': deps.now() } },
  );
  return 'second subscription: cancelled';
}
