import { describe, expect, it } from 'vitest';
import type { BodyOf, PlanView, SubscriptionView, createCheckout } from '@onvelope/contracts';
import { ApiError, browserConsentRecord } from '@onvelope/ui';
import { checkoutFailureMessage, checkoutStep, type CheckoutPort } from './checkout.js';

const plan: PlanView = {
  id: 'pro_yearly',
  name: 'Pro Yearly',
  price: 8999,
  currency: 'gbp',
  interval: 'year',
  features: [],
  stripePriceId: 'price_yearly',
};

const request = {
  plan,
  origin: 'http://localhost:8080',
  returnTo: '/pricing?reason=trial_expired',
};

function port(options: {
  signedIn?: boolean;
  consentOnFile?: boolean;
  checkout?: () => ReturnType<CheckoutPort['createCheckout']>;
}) {
  const sent: BodyOf<typeof createCheckout>[] = [];
  let subscriptionReads = 0;
  const fake: CheckoutPort = {
    signedIn: () => options.signedIn ?? true,
    subscription: () => {
      subscriptionReads += 1;
      return Promise.resolve({ consentOnFile: options.consentOnFile ?? true } as SubscriptionView);
    },
    createCheckout: (body) => {
      sent.push(body);
      return (
        options.checkout?.() ??
        Promise.resolve({
          success: true as const,
          url: 'https://checkout.stripe.com/c/1',
          message: '',
        })
      );
    },
  };
  return { fake, sent, reads: () => subscriptionReads };
}

describe('checkoutStep', () => {
  it('sends a visitor who is not signed in as a seller to sign in, coming back here', async () => {
    const { fake, sent } = port({ signedIn: false });
    await expect(checkoutStep(fake, request)).resolves.toEqual({
      kind: 'sign-in',
      to: '/login?return=%2Fpricing%3Freason%3Dtrial_expired',
    });
    expect(sent).toEqual([]);
  });

  it('asks for consent first when none is on file, and starts no checkout', async () => {
    const { fake, sent } = port({ consentOnFile: false });
    await expect(checkoutStep(fake, request)).resolves.toEqual({ kind: 'consent' });
    expect(sent).toEqual([]);
  });

  it("pays with the plan's Stripe price and the spec's return addresses when consent is on file", async () => {
    const { fake, sent } = port({});
    await expect(checkoutStep(fake, request)).resolves.toEqual({
      kind: 'pay',
      url: 'https://checkout.stripe.com/c/1',
    });
    expect(sent).toEqual([
      {
        priceId: 'price_yearly',
        successUrl: 'http://localhost:8080/dashboard?subscription=success',
        cancelUrl: 'http://localhost:8080/pricing?subscription=cancelled',
      },
    ]);
  });

  it('sends the consent just given, without asking the subscription again', async () => {
    const { fake, sent, reads } = port({ consentOnFile: false });
    const consent = browserConsentRecord(new Date('2026-01-02T10:00:00.000Z'));
    await expect(checkoutStep(fake, { ...request, consent })).resolves.toMatchObject({
      kind: 'pay',
    });
    expect(sent[0]?.consent).toEqual(consent);
    expect(reads()).toBe(0);
  });

  it("says 'Failed to create checkout session' when the answer has no address", async () => {
    const { fake } = port({ checkout: () => Promise.resolve({ success: true, message: 'x' }) });
    await expect(checkoutStep(fake, request)).resolves.toEqual({
      kind: 'failed',
      message: 'Failed to create checkout session',
      sessionRefused: false,
    });
  });

  it('asks for consent when the service refuses the checkout for want of it', async () => {
    const refusal = new ApiError(400, 'x', [], {
      serverMessage: 'You must agree to the Terms of Service and Privacy Policy.',
    });
    const { fake } = port({ checkout: () => Promise.reject(refusal) });
    await expect(checkoutStep(fake, request)).resolves.toEqual({ kind: 'consent' });
  });

  it('reports a refused token so the page can forget the session', async () => {
    const { fake } = port({ checkout: () => Promise.reject(new ApiError(401, 'jwt expired')) });
    await expect(checkoutStep(fake, request)).resolves.toEqual({
      kind: 'failed',
      message: 'Authentication required',
      sessionRefused: true,
    });
  });
});

describe('checkoutFailureMessage', () => {
  it('words each failure as spec 001 §8 does', () => {
    const unavailable = 'Payment processing is temporarily unavailable. Please try again later.';
    expect(checkoutFailureMessage(new ApiError(401, 'Unauthorized'))).toBe(
      'Authentication required',
    );
    expect(
      checkoutFailureMessage(new ApiError(503, unavailable, [], { serverMessage: unavailable })),
    ).toBe(unavailable);
    expect(checkoutFailureMessage(new ApiError(502, 'HTTP 502: Bad Gateway'))).toBe(
      'HTTP 502: Bad Gateway',
    );
    expect(checkoutFailureMessage(new ApiError(0, 'Network request failed'))).toBe(
      'Failed to start checkout process',
    );
    expect(checkoutFailureMessage(new TypeError('boom'))).toBe('Failed to start checkout process');
  });
});
