import { randomBytes } from 'node:crypto';
import {
  formatPence,
  isSubscribed,
  portalReturnQuery,
  subscriptionStateText,
} from '@onvelope/contracts';
import { conflict, notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { BillingAccountDocument } from '../data/billing-account.model.js';
import type { CheckoutSessionDocument } from '../data/checkout-session.model.js';
import type { BillingDeps } from '../deps.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { subscriptionViewOf } from './get-subscription.js';
import { escapeHtml, framePage, localDateHtml } from './local-stripe-pages.js';

/**
 * Local stand-ins for Stripe's hosted pages, served only while Stripe is stripe-mock (which hosts
 * no checkout or portal page and sends no webhooks). Paying or cancelling here sends the events
 * Stripe would send, signed with the webhook secret, to svc-billing's own webhook endpoint: the
 * same path, checks and handling production uses. A page is a frame (`local-stripe-pages.ts`);
 * its content and its button are for the seller who owns it only (`accountId`, from the session).
 */
export interface LocalStripe {
  checkoutFrame(sessionId: string): string;
  checkoutView(sessionId: string, accountId: string): Promise<string>;
  /** Pays: sends the webhooks, then answers where the browser goes (the checkout's success URL). */
  completeCheckout(sessionId: string, accountId: string, webhookUrl: string): Promise<string>;
  portalFrame(portalId: string): string;
  portalView(portalId: string, accountId: string): Promise<string>;
  /** Cancels the subscription now: sends the webhook, answers the portal's return address. */
  cancelSubscription(portalId: string, accountId: string, webhookUrl: string): Promise<string>;
  /** Throws 404 unless Stripe is stripe-mock. */
  ensureMock(): void;
}

export const localStripeMessages = {
  noCheckout: 'This checkout does not exist or has expired.',
  noPortal: 'This billing session has expired.',
  replaced: 'This checkout has expired: a newer one was started. Pay on the newest one.',
  paid: 'This checkout is paid.',
} as const;

const notMock = () => notFound('Not found');
const checkoutPath = (sessionId: string) =>
  `/api/payments/local-checkout/${encodeURIComponent(sessionId)}`;
const portalPath = (portalId: string) =>
  `/api/payments/local-portal/${encodeURIComponent(portalId)}`;

export function localStripe(deps: BillingDeps): LocalStripe {
  const mockProvider = (): PaymentProvider => {
    if (!deps.payments?.isMock) throw notMock();
    return deps.payments;
  };
  // Another seller's session answers as one that does not exist: ids cannot be probed.
  const checkoutOf = async (sessionId: string, accountId: string) => {
    mockProvider();
    const [session, account] = await Promise.all([
      forAccount(deps.checkouts, accountId).findById(sessionId).lean<CheckoutSessionDocument>(),
      deps.accounts.findById(accountId).lean<BillingAccountDocument>(),
    ]);
    if (!session || !account) throw notFound(localStripeMessages.noCheckout);
    // One open checkout per seller: only the newest may be paid (see `createCheckout`).
    const payable = session.status === 'open' && account.openCheckoutId === session._id;
    return { session, account, payable };
  };
  const portalAccountOf = async (portalId: string, accountId: string) => {
    mockProvider();
    const [portal, account] = await Promise.all([
      forAccount(deps.portals, accountId).findById(portalId).lean(),
      deps.accounts.findById(accountId).lean<BillingAccountDocument>(),
    ]);
    if (!portal || !account) throw notFound(localStripeMessages.noPortal);
    return { portal, account };
  };

  async function send(webhookUrl: string, type: string, object: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(deps.now().getTime() / 1000),
      livemode: false,
      data: { object },
    });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': mockProvider().signWebhook(payload),
      },
      body: payload,
    });
    if (!response.ok) throw new Error(`webhook ${type} answered ${response.status}`);
  }

  return {
    ensureMock: () => void mockProvider(),
    checkoutFrame(sessionId) {
      mockProvider();
      return framePage('Test checkout', `${checkoutPath(sessionId)}/view`);
    },

    async checkoutView(sessionId, accountId) {
      const { session, payable } = await checkoutOf(sessionId, accountId);
      const plan = deps.catalogue.planOf(session.priceId);
      const price = plan ? `${formatPence(plan.price)} a ${plan.interval}` : '';
      const trialNote = session.trialEnd
        ? `<p>Nothing is charged today: the first payment is taken on ${localDateHtml(session.trialEnd.toISOString())}, when your free trial ends.</p>`
        : '';
      const action = payable
        ? `<button type="button" data-action="${checkoutPath(session._id)}/complete" data-testid="local-checkout-pay">Pay ${escapeHtml(price)}</button>`
        : `<p data-testid="local-checkout-closed">${session.status === 'completed' ? localStripeMessages.paid : localStripeMessages.replaced}</p>`;
      return `<h1>Subscribe to ${escapeHtml(plan?.name ?? session.planId)}</h1>
        <p class="price">${escapeHtml(price)}</p>
        ${trialNote}
        <p class="note">This page stands in for Stripe Checkout because payments run on stripe-mock
        (local and test runs). No card is asked for and nothing is charged.</p>
        ${action}
        <p><a href="${escapeHtml(session.cancelUrl)}" data-testid="local-checkout-cancel">Cancel and go back</a></p>`;
    },

    async completeCheckout(sessionId, accountId, webhookUrl) {
      const { session, account, payable } = await checkoutOf(sessionId, accountId);
      if (session.status === 'completed') return session.successUrl;
      if (!payable) throw conflict(localStripeMessages.replaced);
      if (!account.stripeCustomerId) throw notFound('This checkout has no customer.');
      const plan = deps.catalogue.planOf(session.priceId);
      const now = deps.now();
      const periodEnd = session.trialEnd ?? addInterval(now, plan?.interval ?? 'month');
      const subscription = {
        id: `sub_local_${randomBytes(12).toString('hex')}`,
        object: 'subscription',
        customer: account.stripeCustomerId,
        status: session.trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        trial_end: session.trialEnd ? seconds(session.trialEnd) : null,
        metadata: { accountId: session.accountId, planId: session.planId },
        items: {
          object: 'list',
          data: [{ price: { id: session.priceId }, current_period_end: seconds(periodEnd) }],
        },
      };
      await send(webhookUrl, 'checkout.session.completed', {
        id: session._id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: account.stripeCustomerId,
        subscription: subscription.id,
        client_reference_id: session.accountId,
        metadata: { accountId: session.accountId, planId: session.planId },
        payment_status: session.trialEnd ? 'no_payment_required' : 'paid',
      });
      await send(webhookUrl, 'customer.subscription.created', subscription);
      return session.successUrl;
    },

    portalFrame(portalId) {
      mockProvider();
      return framePage('Test billing portal', `${portalPath(portalId)}/view`);
    },

    async portalView(portalId, accountId) {
      const { portal, account } = await portalAccountOf(portalId, accountId);
      // The state as account settings show it: the same view (GET /api/payments/subscription) in
      // the same words, never Stripe's own status word (a subscription in its trial is active).
      const view = subscriptionViewOf(deps, account, deps.now());
      // The words are the product's own, with no markup; only the dates are HTML (`<time>`).
      const state = subscriptionStateText(view, deps.now(), localDateHtml);
      const planName = view.planName ? `${escapeHtml(view.planName)}: ` : '';
      const running = isSubscribed(view.status);
      return `<h1>Manage billing</h1>
        <p data-testid="local-portal-state">${planName}${state}</p>
        <p class="note">This page stands in for Stripe's customer portal because payments run on
        stripe-mock (local and test runs).</p>
        ${
          running
            ? `<button type="button" data-action="${portalPath(portalId)}/cancel" data-testid="local-portal-cancel">Cancel subscription now</button>`
            : ''
        }
        <p><a href="${escapeHtml(portal.returnUrl)}" data-testid="local-portal-return">Back to ONVELOPE</a></p>`;
    },

    async cancelSubscription(portalId, accountId, webhookUrl) {
      const { portal, account } = await portalAccountOf(portalId, accountId);
      const subscription = account.subscription;
      if (subscription && subscription.status !== 'canceled') {
        await send(webhookUrl, 'customer.subscription.deleted', {
          id: subscription.id,
          object: 'subscription',
          customer: account.stripeCustomerId,
          status: 'canceled',
          cancel_at_period_end: false,
          metadata: { accountId: account._id },
          items: {
            object: 'list',
            data: [
              {
                price: { id: subscription.priceId },
                current_period_end: subscription.currentPeriodEnd
                  ? seconds(subscription.currentPeriodEnd)
                  : null,
              },
            ],
          },
        });
      }
      return withQuery(portal.returnUrl, portalReturnQuery.name, portalReturnQuery.cancelled);
    },
  };
}

/** `path` with `name=value` in its query (account settings confirm what the portal did). */
function withQuery(path: string, name: string, value: string): string {
  const [base = '', query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${base}?${params.toString()}`;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
