import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, startTestIssuer } from '@onvelope/testkit';
import { startBillingService } from '../src/index.js';
import {
  consent,
  eventId,
  startBillingHarness,
  subscriptionObject,
  type BillingHarness,
} from './support.js';

const checkoutBody = {
  priceId: 'price_pro_monthly',
  successUrl: 'http://shop.test/dashboard?subscription=success',
  cancelUrl: 'http://shop.test/pricing?subscription=cancelled',
};
const day = 24 * 3600_000;

describe('svc-billing payments', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h.stop());

  /** A seller whose trial svc-auth has started, with their token. */
  async function onboardedSeller(accountId: string) {
    await h.startTrial(accountId);
    return h.issuer.merchantToken(accountId);
  }

  /** Starts a checkout and pays it on the local checkout page; answers the Stripe ids involved. */
  async function subscribedSeller(accountId: string) {
    const token = await onboardedSeller(accountId);
    const checkout = await h.call('POST', '/api/payments/checkout', { token, body: checkoutBody });
    expect(checkout.status).toBe(200);
    const paid = await h.call('POST', `${checkout.body.url}/complete`, { token });
    expect(paid.status).toBe(200);
    const subscription = await h.call('GET', '/api/payments/subscription', { token });
    return { token, subscription: subscription.body.subscription, checkoutUrl: checkout.body.url };
  }

  it('lists the plans of the catalogue with their Stripe prices, the free plan left out', async () => {
    const reply = await h.call('GET', '/api/payments/plans');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(
      reply.body.plans.map((plan: { id: string; price: number; stripePriceId: string }) => [
        plan.id,
        plan.price,
        plan.stripePriceId,
      ]),
    ).toEqual([
      ['pro_monthly', 899, 'price_pro_monthly'],
      ['pro_yearly', 8999, 'price_pro_yearly'],
    ]);
    expect(reply.body.plans[0]).toMatchObject({
      name: 'Pro Monthly',
      currency: 'gbp',
      interval: 'month',
    });
  });

  it('starts the trial once and publishes it for the workspace services', async () => {
    const first = await h.startTrial('acct-trial');
    h.advanceClock(60_000);
    const again = await h.startTrial('acct-trial');
    expect(again.trialEnd).toBe(first.trialEnd);
    const state = await h.publishedState('acct-trial', 1);
    expect(state).toEqual({
      accountId: 'acct-trial',
      version: 1,
      trialEnd: first.trialEnd,
      subscriptionStatus: null,
      graceUntil: null,
    });
    const token = await h.issuer.merchantToken('acct-trial');
    const reply = await h.call('GET', '/api/payments/subscription', { token });
    expect(reply.body.subscription).toMatchObject({
      plan: 'pro_monthly',
      planName: 'Pro Monthly',
      status: 'trialing',
      reason: null,
      trialEnd: first.trialEnd,
      consentOnFile: true,
      portalUrl: null,
    });
  });

  it('answers a seller billing never heard of as having no subscription', async () => {
    const token = await h.issuer.merchantToken('acct-unknown');
    const reply = await h.call('GET', '/api/payments/subscription', { token });
    expect(reply.status).toBe(200);
    expect(reply.body.subscription).toMatchObject({
      plan: null,
      status: 'none',
      reason: 'subscription_required',
      consentOnFile: false,
      portalUrl: null,
    });
  });

  it('shows an expired trial once its end has passed', async () => {
    const token = await onboardedSeller('acct-expired');
    h.advanceClock(8 * day);
    try {
      const reply = await h.call('GET', '/api/payments/subscription', { token });
      expect(reply.body.subscription).toMatchObject({ status: 'expired', reason: 'trial_expired' });
    } finally {
      h.advanceClock(-8 * day);
    }
  });

  it('starts a Stripe checkout for the seller, with a local page while Stripe is stripe-mock', async () => {
    const token = await onboardedSeller('acct-checkout');
    const reply = await h.call('POST', '/api/payments/checkout', { token, body: checkoutBody });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      url: expect.stringMatching(/^\/api\/payments\/local-checkout\/cs_/),
      message: 'Redirecting to secure checkout…',
    });
    const page = await h.call('GET', reply.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // The page's script shows its content to the seller who started it.
    const view = await h.call('GET', `${reply.body.url}/view`, { token });
    expect(view.status).toBe(200);
    expect(view.body.html).toContain('Subscribe to Pro Monthly');
    expect(view.body.html).toContain('£8.99 a month');
    expect(view.body.html).toContain('first payment is taken on');

    const yearly = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...checkoutBody, priceId: 'pro_yearly' },
    });
    expect(yearly.status).toBe(200);
    const yearlyView = await h.call('GET', `${yearly.body.url}/view`, { token });
    expect(yearlyView.body.html).toContain('£89.99 a year');

    // One Stripe customer for the seller, however many checkouts.
    const subscription = await h.call('GET', '/api/payments/subscription', { token });
    const portal = await h.call('GET', `${subscription.body.subscription.portalUrl}/view`, {
      token,
    });
    expect(portal.status).toBe(200);
    // In the free trial and not subscribed: the state in account settings' words, nothing to cancel.
    expect(portal.body.html).toContain('Pro Monthly: Free trial — ends on <time');
    expect(portal.body.html).not.toContain('local-portal-cancel');
  });

  it('refuses checkout without a token, for an unknown plan, or with return addresses that are not web addresses', async () => {
    expect((await h.call('POST', '/api/payments/checkout', { body: checkoutBody })).status).toBe(
      401,
    );
    const token = await onboardedSeller('acct-bad-checkout');
    const unknown = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...checkoutBody, priceId: 'price_gold' },
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'This plan does not exist. Please choose a plan from the pricing page.' },
    });
    const badUrls = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...checkoutBody, successUrl: 'javascript:alert(1)', cancelUrl: 'nowhere' },
    });
    expect(badUrls.status).toBe(400);
    expect(badUrls.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      'body.successUrl',
      'body.cancelUrl',
    ]);
  });

  it('asks for consent when none is on file, and keeps the consent sent with the checkout', async () => {
    const token = await h.issuer.merchantToken('acct-no-consent');
    const without = await h.call('POST', '/api/payments/checkout', { token, body: checkoutBody });
    expect(without).toMatchObject({
      status: 400,
      body: { error: 'You must agree to the Terms of Service and Privacy Policy.' },
    });
    const oldTerms = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...checkoutBody, consent: { ...consent, termsVersion: '2024-01-01' } },
    });
    expect(oldTerms.status).toBe(400);
    const withConsent = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...checkoutBody, consent },
    });
    expect(withConsent.status).toBe(200);
    const view = await h.call('GET', '/api/payments/subscription', { token });
    expect(view.body.subscription).toMatchObject({ consentOnFile: true, status: 'none' });
    const next = await h.call('POST', '/api/payments/checkout', { token, body: checkoutBody });
    expect(next.status).toBe(200);
  });

  it('creates a payment intent in pence for the seller, and refuses amounts Stripe would', async () => {
    const token = await h.issuer.merchantToken('acct-intent');
    const reply = await h.call('POST', '/api/payments/payment-intent', {
      token,
      body: { amount: 899 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      amount: 899,
      currency: 'gbp',
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringContaining('_secret_'),
    });
    const tooSmall = await h.call('POST', '/api/payments/payment-intent', {
      token,
      body: { amount: 10, currency: 'usd' },
    });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.details.map((detail: { message: string }) => detail.message)).toEqual([
      'amount must be at least 30 pence',
      'currency must be gbp',
    ]);
  });

  it('subscribes through the local checkout page and its signed webhooks', async () => {
    const { token, subscription } = await subscribedSeller('acct-paid');
    expect(subscription).toMatchObject({
      plan: 'pro_monthly',
      planName: 'Pro Monthly',
      status: 'active',
      reason: null,
      cancelAtPeriodEnd: false,
      portalUrl: expect.stringMatching(/^\/api\/payments\/local-portal\/bps_/),
    });
    const withoutPortal = await h.call('GET', '/api/payments/subscription?portal=omit', { token });
    expect(withoutPortal.body.subscription).toMatchObject({ status: 'active', portalUrl: null });
    const state = await h.publishedState('acct-paid', 2);
    expect(state.subscriptionStatus).toBe('trialing');
    // A second subscription is refused while one runs.
    const again = await h.call('POST', '/api/payments/checkout', { token, body: checkoutBody });
    expect(again).toMatchObject({
      status: 409,
      body: {
        error:
          'You already have an active subscription. Use Manage billing to change or cancel it.',
      },
    });

    const cancelled = await h.call('POST', `${subscription.portalUrl}/cancel`, { token });
    expect(cancelled).toMatchObject({
      status: 200,
      body: { redirectTo: '/account-settings?billing=cancelled' },
    });
    const after = await h.call('GET', '/api/payments/subscription', { token });
    // The trial is still running: cancelling during it leaves the rest of the trial.
    expect(after.body.subscription).toMatchObject({ status: 'trialing', reason: null });
    h.advanceClock(8 * day);
    try {
      const ended = await h.call('GET', '/api/payments/subscription', { token });
      expect(ended.body.subscription).toMatchObject({
        status: 'cancelled',
        reason: 'subscription_cancelled',
      });
    } finally {
      h.advanceClock(-8 * day);
    }
  });

  it('refuses webhooks without a valid signature and changes nothing', async () => {
    await onboardedSeller('acct-forged');
    const forged = {
      id: eventId(),
      type: 'customer.subscription.created',
      created: Math.floor(Date.now() / 1000),
      object: subscriptionObject({
        id: 'sub_forged',
        customer: 'cus_forged',
        accountId: 'acct-forged',
        status: 'active',
      }),
    };
    const unsigned = await h.call('POST', '/api/payments/webhook', { body: { id: forged.id } });
    expect(unsigned).toMatchObject({
      status: 400,
      body: { error: 'Missing Stripe-Signature header' },
    });
    const badSignature = await h.webhook(forged, 't=1,v1=deadbeef');
    expect(badSignature).toMatchObject({
      status: 400,
      body: { error: 'Stripe signature verification failed' },
    });
    const token = await h.issuer.merchantToken('acct-forged');
    const view = await h.call('GET', '/api/payments/subscription', { token });
    expect(view.body.subscription.status).toBe('trialing');
    expect((await h.access.stateOf('acct-forged'))?.subscriptionStatus).toBeNull();
  });

  describe('subscription events', () => {
    const accountId = 'acct-events';
    const customer = 'cus_events_1';
    const subscriptionId = 'sub_events_1';
    let t0: number;
    let token: string;

    beforeAll(async () => {
      token = await onboardedSeller(accountId);
      h.advanceClock(8 * day); // the trial is over: only the subscription opens the workspace
      t0 = Math.floor(h.now().getTime() / 1000);
    });
    afterAll(() => h.advanceClock(-8 * day));

    const statusNow = async () =>
      (await h.call('GET', '/api/payments/subscription', { token })).body.subscription;
    const subscriptionEvent = (
      type: string,
      created: number,
      fields: Partial<Parameters<typeof subscriptionObject>[0]> = {},
    ) => ({
      id: eventId(),
      type,
      created,
      object: subscriptionObject({
        id: subscriptionId,
        customer,
        accountId,
        status: 'active',
        ...fields,
      }),
    });

    it('activates on checkout.session.completed and subscription.created in either order', async () => {
      const created = subscriptionEvent('customer.subscription.created', t0 + 1, {
        periodEnd: t0 + 30 * 86_400,
      });
      expect(await h.webhook(created)).toMatchObject({ status: 200, body: { received: true } });
      const completed = await h.webhook({
        id: eventId(),
        type: 'checkout.session.completed',
        created: t0,
        object: {
          id: 'cs_events_1',
          object: 'checkout.session',
          customer,
          subscription: subscriptionId,
          client_reference_id: accountId,
          payment_status: 'paid',
        },
      });
      expect(completed.status).toBe(200);
      expect(await statusNow()).toMatchObject({
        status: 'active',
        plan: 'pro_monthly',
        currentPeriodEnd: new Date((t0 + 30 * 86_400) * 1000).toISOString(),
        portalUrl: expect.stringMatching(/^\/api\/payments\/local-portal\//),
      });
    });

    it('changes nothing when the same event arrives twice', async () => {
      const event = subscriptionEvent('customer.subscription.updated', t0 + 10, {
        cancelAtPeriodEnd: true,
      });
      expect((await h.webhook(event)).status).toBe(200);
      const version = (await h.access.stateOf(accountId))?.version ?? 0;
      expect((await statusNow()).cancelAtPeriodEnd).toBe(true);
      expect((await h.webhook(event)).status).toBe(200);
      // The state still says what the first delivery made it, with no new version published.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await h.access.stateOf(accountId))?.version).toBe(version);
    });

    it('ignores an event older than the last one applied', async () => {
      const stale = subscriptionEvent('customer.subscription.updated', t0 + 5, {
        cancelAtPeriodEnd: false,
      });
      expect((await h.webhook(stale)).status).toBe(200);
      expect((await statusNow()).cancelAtPeriodEnd).toBe(true);
    });

    it('keeps the workspace open for the grace period after a failed payment, then closes it', async () => {
      const failed = await h.webhook({
        id: eventId(),
        type: 'invoice.payment_failed',
        created: t0 + 20,
        object: { id: 'in_1', object: 'invoice', customer, subscription: subscriptionId },
      });
      expect(failed.status).toBe(200);
      const pastDue = await statusNow();
      expect(pastDue).toMatchObject({ status: 'past_due', reason: null });
      expect(Date.parse(pastDue.graceUntil)).toBe((t0 + 20) * 1000 + 7 * day);
      const state = await h.publishedState(accountId, 1);
      expect(state.subscriptionStatus).toBe('past_due');
      expect(state.graceUntil).toBe(pastDue.graceUntil);

      const pastGrace = 7 * day + 60_000;
      h.advanceClock(pastGrace);
      try {
        expect(await statusNow()).toMatchObject({
          status: 'past_due',
          reason: 'subscription_required',
        });
      } finally {
        h.advanceClock(-pastGrace);
      }

      const paid = await h.webhook({
        id: eventId(),
        type: 'invoice.paid',
        created: t0 + 30,
        // Since API version 2025-03-31 an invoice names its subscription under parent.
        object: {
          id: 'in_2',
          object: 'invoice',
          customer,
          parent: { subscription_details: { subscription: subscriptionId } },
        },
      });
      expect(paid.status).toBe(200);
      expect(await statusNow()).toMatchObject({ status: 'active', graceUntil: null });
    });

    it('closes the workspace when the subscription is deleted, for good', async () => {
      const deleted = subscriptionEvent('customer.subscription.deleted', t0 + 40, {
        status: 'canceled',
      });
      expect((await h.webhook(deleted)).status).toBe(200);
      expect(await statusNow()).toMatchObject({
        status: 'cancelled',
        reason: 'subscription_cancelled',
        currentPeriodEnd: null,
        portalUrl: expect.any(String),
      });
      const state = await h.publishedState(accountId, 1);
      expect(state.subscriptionStatus).toBe('canceled');
      // A late update about the same subscription never reopens it.
      const late = subscriptionEvent('customer.subscription.updated', t0 + 50);
      expect((await h.webhook(late)).status).toBe(200);
      expect((await statusNow()).status).toBe('cancelled');
      // A new checkout after cancelling starts a new subscription.
      const renewed = subscriptionEvent('customer.subscription.created', t0 + 60, {
        status: 'active',
      });
      renewed.object.id = 'sub_events_2';
      expect((await h.webhook(renewed)).status).toBe(200);
      expect(await statusNow()).toMatchObject({ status: 'active', reason: null });
    });

    it('acknowledges events of accounts or types it does not know', async () => {
      const stranger = await h.webhook({
        id: eventId(),
        type: 'customer.subscription.updated',
        created: t0,
        object: subscriptionObject({ id: 'sub_x', customer: 'cus_nobody', status: 'active' }),
      });
      expect(stranger).toMatchObject({ status: 200, body: { received: true } });
      const other = await h.webhook({
        id: eventId(),
        type: 'charge.refunded',
        created: t0,
        object: { id: 'ch_1' },
      });
      expect(other.status).toBe(200);
    });
  });

  it("keeps each seller's billing to their own account", async () => {
    const a = await subscribedSeller('acct-tenant-a');
    const tokenB = await onboardedSeller('acct-tenant-b');
    const b = await h.call('GET', '/api/payments/subscription', { token: tokenB });
    expect(b.body.subscription).toMatchObject({ status: 'trialing', portalUrl: null });
    // B cannot pay A's checkout into B's account, nor see A's subscription.
    const bCheckout = await h.call('POST', '/api/payments/checkout', {
      token: tokenB,
      body: checkoutBody,
    });
    expect(bCheckout.status).toBe(200);
    expect(bCheckout.body.url).not.toBe(a.checkoutUrl);
    const aAfter = await h.call('GET', '/api/payments/subscription', { token: a.token });
    expect(aAfter.body.subscription.status).toBe('active');
    const bAfter = await h.call('GET', '/api/payments/subscription', { token: tokenB });
    expect(bAfter.body.subscription.status).toBe('trialing');
  });
});

describe('svc-billing without Stripe', () => {
  it('answers payment calls with the spec words when no key is configured, and hides the local pages', async () => {
    const issuer = await startTestIssuer();
    const service = await startService(startBillingService, { AUTH_JWKS_URL: issuer.url });
    try {
      const token = await issuer.merchantToken('acct-no-stripe');
      const checkout = await fetch(`${service.url}/api/payments/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...checkoutBody, consent }),
      });
      expect(checkout.status).toBe(503);
      expect(await checkout.json()).toEqual({
        error: 'Payment processing is temporarily unavailable. Please try again later.',
      });
      const plans = await fetch(`${service.url}/api/payments/plans`);
      expect(plans.status).toBe(200);
      const page = await fetch(`${service.url}/api/payments/local-checkout/cs_anything`);
      expect(page.status).toBe(404);
    } finally {
      await service.close();
      await issuer.close();
    }
  });

  it('never serves the local pages with a real Stripe key', async () => {
    const service = await startService(startBillingService, {
      STRIPE_SECRET_KEY: 'sk_live_not_used',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_MOCK_URL: undefined,
    });
    try {
      const page = await fetch(`${service.url}/api/payments/local-portal/bps_anything`);
      expect(page.status).toBe(404);
    } finally {
      await service.close();
    }
  });
});
