import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { startBillingService } from '../src/index.js';
import {
  consent,
  eventId,
  startBillingHarness,
  subscriptionObject,
  webhookSecret,
  type BillingHarness,
  type Reply,
} from './support.js';

const checkoutBody = {
  priceId: 'price_pro_monthly',
  successUrl: 'http://shop.test/dashboard?subscription=success',
  cancelUrl: 'http://shop.test/pricing?subscription=cancelled',
  consent,
};
const signer = new Stripe('sk_test_signing_only');

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Pick<Reply, 'status' | 'body'>> {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** What a page's HTML reads as, without its tags. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

/** A `customer.subscription.created` making the account active, as a forger would send it. */
function activationPayload(accountId: string) {
  return JSON.stringify({
    id: eventId(),
    object: 'event',
    type: 'customer.subscription.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: subscriptionObject({
        id: `sub_forged_${accountId}`,
        customer: 'cus_forged',
        accountId,
        status: 'active',
        priceId: 'price_pro_yearly',
      }),
    },
  });
}

describe('local mode without a configured webhook secret', () => {
  let issuer: TestIssuer;
  let service: StartedService;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    service = await startService(startBillingService, {
      STRIPE_MOCK_URL: testInfra().stripeMockUrl,
      STRIPE_WEBHOOK_SECRET: undefined,
      AUTH_JWKS_URL: issuer.url,
      PUBLIC_SITE_URL: 'http://shop.test',
    });
  });
  afterAll(async () => {
    await service.close();
    await issuer.close();
  });

  it('refuses events signed with the secret that used to be written in the source', async () => {
    const payload = activationPayload('acct-forgery');
    const forged = await fetch(`${service.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: 'whsec_onvelope_local',
        }),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);
    const token = await issuer.merchantToken('acct-forgery');
    const view = await call(service.url, 'GET', '/api/payments/subscription?portal=omit', token);
    expect(view.body.subscription.status).toBe('none');
  });

  it('still pays on its own local checkout page, which signs with the secret made at start', async () => {
    const token = await issuer.merchantToken('acct-local-pay');
    const checkout = await call(service.url, 'POST', '/api/payments/checkout', token, checkoutBody);
    expect(checkout.status).toBe(200);
    const paid = await call(service.url, 'POST', `${checkout.body.url}/complete`, token);
    expect(paid).toMatchObject({ status: 200, body: { redirectTo: checkoutBody.successUrl } });
    const view = await call(service.url, 'GET', '/api/payments/subscription?portal=omit', token);
    expect(view.body.subscription).toMatchObject({ status: 'active', plan: 'pro_monthly' });
  });
});

describe('local checkout and portal pages', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h.stop());

  it("pays a local checkout only with its owner's session", async () => {
    const owner = await h.issuer.merchantToken('acct-page-owner');
    const other = await h.issuer.merchantToken('acct-page-other');
    const buyer = await h.issuer.customerToken('acct-page-owner');
    const { url } = (
      await h.call('POST', '/api/payments/checkout', { token: owner, body: checkoutBody })
    ).body;

    expect((await h.call('POST', `${url}/complete`)).status).toBe(401);
    expect((await h.call('POST', `${url}/complete`, { token: buyer })).status).toBe(403);
    expect(await h.call('POST', `${url}/complete`, { token: other })).toMatchObject({
      status: 404,
      body: { error: 'This checkout does not exist or has expired.' },
    });
    const view = await h.call('GET', '/api/payments/subscription?portal=omit', { token: owner });
    expect(view.body.subscription.status).toBe('none');

    // The page itself holds nothing of the seller's: its script asks for it with the session.
    const page = await h.call('GET', url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<script src="/api/payments/local-pages.js"');
    // Styled by a file, not inline CSS, which the site's Content-Security-Policy refuses.
    expect(page.body).toContain('<link rel="stylesheet" href="/api/payments/local-pages.css">');
    expect(page.body).not.toMatch(/<style|style=/);
    expect(page.body).not.toContain('Pro Monthly');
    expect((await h.call('GET', `${url}/view`)).status).toBe(401);
    expect((await h.call('GET', `${url}/view`, { token: other })).status).toBe(404);
    const shown = await h.call('GET', `${url}/view`, { token: owner });
    expect(shown.status).toBe(200);
    expect(shown.body.html).toContain('Subscribe to Pro Monthly');
    expect(shown.body.html).toContain('data-testid="local-checkout-pay"');

    const paid = await h.call('POST', `${url}/complete`, { token: owner });
    expect(paid).toMatchObject({ status: 200, body: { redirectTo: checkoutBody.successUrl } });
    const after = await h.call('GET', '/api/payments/subscription?portal=omit', { token: owner });
    expect(after.body.subscription).toMatchObject({ status: 'active', plan: 'pro_monthly' });
  });

  it("cancels in the local portal only with its owner's session", async () => {
    const owner = await h.issuer.merchantToken('acct-portal-owner');
    const other = await h.issuer.merchantToken('acct-portal-other');
    // The checkout makes the seller a Stripe customer (the portal needs one); Stripe's signed
    // webhook subscribes them.
    const checkout = await h.call('POST', '/api/payments/checkout', {
      token: owner,
      body: checkoutBody,
    });
    expect(checkout.status).toBe(200);
    const subscribed = await h.webhook({
      id: eventId(),
      type: 'customer.subscription.created',
      created: Math.floor(Date.now() / 1000),
      object: subscriptionObject({
        id: 'sub_portal_owner',
        customer: 'cus_portal_owner',
        accountId: 'acct-portal-owner',
        status: 'active',
      }),
    });
    expect(subscribed.status).toBe(200);
    const { portalUrl } = (await h.call('GET', '/api/payments/subscription', { token: owner })).body
      .subscription;

    expect((await h.call('POST', `${portalUrl}/cancel`)).status).toBe(401);
    expect((await h.call('POST', `${portalUrl}/cancel`, { token: other })).status).toBe(404);
    const stillActive = await h.call('GET', '/api/payments/subscription?portal=omit', {
      token: owner,
    });
    expect(stillActive.body.subscription.status).toBe('active');

    const page = await h.call('GET', portalUrl);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Pro Monthly');
    expect((await h.call('GET', `${portalUrl}/view`, { token: other })).status).toBe(404);
    const shown = await h.call('GET', `${portalUrl}/view`, { token: owner });
    expect(textOf(shown.body.html)).toContain('Pro Monthly: Active — next payment on Jan 15, 2027');
    expect(shown.body.html).toContain('data-testid="local-portal-cancel"');

    const cancelled = await h.call('POST', `${portalUrl}/cancel`, { token: owner });
    expect(cancelled).toMatchObject({
      status: 200,
      body: { redirectTo: '/account-settings?billing=cancelled' },
    });
    const after = await h.call('GET', '/api/payments/subscription?portal=omit', { token: owner });
    expect(after.body.subscription.status).toBe('cancelled');
  });

  it('describes a subscription taken in the free trial as account settings do, and cancels it back to the trial', async () => {
    const accountId = 'acct-portal-in-trial';
    const token = await h.issuer.merchantToken(accountId);
    const { trialEnd } = await h.startTrial(accountId);
    const checkout = await h.call('POST', '/api/payments/checkout', { token, body: checkoutBody });
    expect(checkout.status).toBe(200);
    const paid = await h.call('POST', `${checkout.body.url}/complete`, { token });
    expect(paid.status).toBe(200);

    // Stripe says `trialing`; the seller's view counts it as active, paid when the trial ends.
    const { subscription } = (await h.call('GET', '/api/payments/subscription', { token })).body;
    expect(subscription.status).toBe('active');
    // Stripe's times are whole seconds: its first period ends within the second the trial does.
    expect(Date.parse(trialEnd) - Date.parse(subscription.currentPeriodEnd)).toBeLessThan(1000);
    const trialEndText = new Date(subscription.currentPeriodEnd).toLocaleDateString('en-US', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    const shown = await h.call('GET', `${subscription.portalUrl}/view`, { token });
    expect(textOf(shown.body.html)).toContain(
      `Pro Monthly: Active — first payment on ${trialEndText}, when your free trial ends`,
    );
    expect(shown.body.html).not.toContain('trialing');
    // The page's script writes the date in the browser's time zone, as account settings do.
    expect(shown.body.html).toContain(
      `<time datetime="${subscription.currentPeriodEnd}" data-date>`,
    );

    const cancelled = await h.call('POST', `${subscription.portalUrl}/cancel`, { token });
    expect(cancelled.body).toEqual({ redirectTo: '/account-settings?billing=cancelled' });
    const after = await h.call('GET', '/api/payments/subscription?portal=omit', { token });
    expect(after.body.subscription).toMatchObject({ status: 'trialing', trialEnd });
    const again = await h.call('GET', `${subscription.portalUrl}/view`, { token });
    expect(textOf(again.body.html)).toContain(`Pro Monthly: Free trial — ends on ${trialEndText}`);
    expect(again.body.html).not.toContain('data-testid="local-portal-cancel"');
  });

  it('serves the script that sends the seller session from the pages', async () => {
    const script = await h.call('GET', '/api/payments/local-pages.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.body).toContain("localStorage.getItem('authToken')");
  });

  it('serves the style sheet of the pages', async () => {
    const sheet = await h.call('GET', '/api/payments/local-pages.css');
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toContain('text/css');
    expect(sheet.body).toContain('.price');
  });

  it("refuses webhook signatures dated beyond Stripe's tolerance, in the past or the future", async () => {
    const now = Math.floor(Date.now() / 1000);
    const signedAt = async (accountId: string, timestamp: number) => {
      const payload = activationPayload(accountId);
      const response = await fetch(`${h.service.url}/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: webhookSecret,
            timestamp,
          }),
        },
        body: payload,
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await signedAt('acct-sig-future', now + 10 * 60)).toEqual({
      status: 400,
      body: { error: 'Stripe signature verification failed' },
    });
    expect((await signedAt('acct-sig-past', now - 10 * 60)).status).toBe(400);
    // A clock a little ahead of ours is not refused.
    expect((await signedAt('acct-sig-skew', now + 30)).status).toBe(200);
    const token = await h.issuer.merchantToken('acct-sig-future');
    const view = await h.call('GET', '/api/payments/subscription?portal=omit', { token });
    expect(view.body.subscription.status).toBe('none');
  });
});
