import { randomBytes } from 'node:crypto';
import { formatPence } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit';
import type { BillingAccountDocument } from '../data/billing-account.model.js';
import type { CheckoutSessionDocument } from '../data/checkout-session.model.js';
import type { BillingDeps } from '../deps.js';
import type { PaymentProvider } from '../payments/payment-provider.js';

/**
 * Local stand-ins for Stripe's hosted pages, served only while Stripe is stripe-mock (which hosts
 * no checkout or portal page and sends no webhooks). Paying or cancelling here sends the events
 * Stripe would send, signed with the webhook secret, to svc-billing's own webhook endpoint: the
 * same path, checks and handling production uses.
 */
export interface LocalStripe {
  checkoutPage(sessionId: string): Promise<string>;
  /** Pays: sends the webhooks, then answers where the browser goes (the checkout's success URL). */
  completeCheckout(sessionId: string, webhookUrl: string): Promise<string>;
  portalPage(portalId: string): Promise<string>;
  /** Cancels the subscription now: sends the webhook, answers the portal's return address. */
  cancelSubscription(portalId: string, webhookUrl: string): Promise<string>;
}

const notMock = () => notFound('Not found');

export function localStripe(deps: BillingDeps): LocalStripe {
  const mockProvider = (): PaymentProvider => {
    if (!deps.payments?.isMock) throw notMock();
    return deps.payments;
  };
  const checkoutOf = async (sessionId: string) => {
    mockProvider();
    const session = await deps.checkouts.findById(sessionId).lean<CheckoutSessionDocument>();
    if (!session) throw notFound('This checkout does not exist or has expired.');
    return session;
  };
  const portalAccountOf = async (portalId: string) => {
    mockProvider();
    const portal = await deps.portals.findById(portalId).lean();
    const account = portal
      ? await deps.accounts.findById(portal.accountId).lean<BillingAccountDocument>()
      : null;
    if (!portal || !account) throw notFound('This billing session has expired.');
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
    async checkoutPage(sessionId) {
      const session = await checkoutOf(sessionId);
      const plan = deps.catalogue.planOf(session.priceId);
      const price = plan ? `${formatPence(plan.price)} a ${plan.interval}` : '';
      const trialNote = session.trialEnd
        ? `<p>Nothing is charged today: the first payment is taken on ${dateText(session.trialEnd)}, when your free trial ends.</p>`
        : '';
      return page(
        'Test checkout',
        `<h1>Subscribe to ${escapeHtml(plan?.name ?? session.planId)}</h1>
        <p class="price">${escapeHtml(price)}</p>
        ${trialNote}
        <p class="note">This page stands in for Stripe Checkout because payments run on stripe-mock
        (local and test runs). No card is asked for and nothing is charged.</p>
        <form method="post" action="/api/payments/local-checkout/${encodeURIComponent(session._id)}/complete">
          <button type="submit" data-testid="local-checkout-pay">Pay ${escapeHtml(price)}</button>
        </form>
        <a href="${escapeHtml(session.cancelUrl)}" data-testid="local-checkout-cancel">Cancel and go back</a>`,
      );
    },

    async completeCheckout(sessionId, webhookUrl) {
      const session = await checkoutOf(sessionId);
      const account = await deps.accounts
        .findById(session.accountId)
        .lean<BillingAccountDocument>();
      if (!account?.stripeCustomerId) throw notFound('This checkout has no customer.');
      if (session.status === 'completed') return session.successUrl;
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

    async portalPage(portalId) {
      const { account } = await portalAccountOf(portalId);
      const subscription = account.subscription;
      const plan = subscription?.planId ? deps.catalogue.planOf(subscription.planId) : undefined;
      const running =
        subscription && ['active', 'trialing', 'past_due'].includes(subscription.status);
      return page(
        'Test billing portal',
        `<h1>Manage billing</h1>
        <p>${running ? `${escapeHtml(plan?.name ?? 'Subscription')}: ${escapeHtml(subscription.status)}` : 'No running subscription.'}</p>
        <p class="note">This page stands in for Stripe's customer portal because payments run on
        stripe-mock (local and test runs).</p>
        ${
          running
            ? `<form method="post" action="/api/payments/local-portal/${encodeURIComponent(portalId)}/cancel">
                <button type="submit" data-testid="local-portal-cancel">Cancel subscription now</button>
              </form>`
            : ''
        }
        <a href="/account-settings" data-testid="local-portal-return">Back to ONVELOPE</a>`,
      );
    },

    async cancelSubscription(portalId, webhookUrl) {
      const { portal, account } = await portalAccountOf(portalId);
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
      return portal.returnUrl;
    },
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const dateText = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ONVELOPE</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1d2433; }
  h1 { font-size: 1.5rem; }
  .price { font-size: 1.25rem; font-weight: 600; }
  .note { background: #fff7e0; border: 1px solid #f0d58a; padding: .75rem; border-radius: .5rem; font-size: .9rem; }
  button { background: #3454d1; color: #fff; border: 0; border-radius: .5rem; padding: .75rem 1.25rem; font-size: 1rem; cursor: pointer; margin: 1rem 0; }
  a { color: #3454d1; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
