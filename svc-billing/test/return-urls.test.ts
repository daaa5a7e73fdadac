import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, startBillingHarness, type BillingHarness } from './support.js';

// The harness's PUBLIC_SITE_URL is http://shop.test.
const sameSite = {
  priceId: 'price_pro_monthly',
  successUrl: 'http://shop.test/dashboard?subscription=success',
  cancelUrl: 'http://shop.test/pricing?subscription=cancelled',
  consent,
};
const refusal = 'Checkout can only return to pages of this site.';

describe('checkout return addresses', () => {
  let h: BillingHarness;
  let token: string;
  beforeAll(async () => {
    h = await startBillingHarness();
    token = await h.issuer.merchantToken('acct-return-urls');
  });
  afterAll(() => h.stop());

  it.each([
    ['another site', 'https://evil.example/phish'],
    ['a look-alike host', 'http://shop.test.evil.example/dashboard'],
    ['credentials before another host', 'http://shop.test@evil.example/dashboard'],
    ['another port', 'http://shop.test:8443/dashboard'],
    ['another scheme', 'https://shop.test/dashboard'],
  ])('refuses a success address on %s with 400 and says why', async (_, successUrl) => {
    const reply = await h.call('POST', '/api/payments/checkout', {
      token,
      body: { ...sameSite, successUrl },
    });
    expect(reply).toMatchObject({
      status: 400,
      body: {
        error: refusal,
        details: [
          { path: 'body.successUrl', message: 'successUrl must be an address on http://shop.test' },
        ],
      },
    });
  });

  it('refuses a cancel address on another site, naming each field that is', async () => {
    const reply = await h.call('POST', '/api/payments/checkout', {
      token,
      body: {
        ...sameSite,
        successUrl: 'https://evil.example/a',
        cancelUrl: 'https://evil.example/b',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(refusal);
    expect(reply.body.details.map((detail: { path: string }) => detail.path)).toEqual([
      'body.successUrl',
      'body.cancelUrl',
    ]);
  });

  it('accepts addresses on the site', async () => {
    const reply = await h.call('POST', '/api/payments/checkout', { token, body: sameSite });
    expect(reply.status).toBe(200);
  });
});
