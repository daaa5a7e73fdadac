import { describe, expect, it } from 'vitest';
import {
  billingDestination,
  browserConsentRecord,
  hasSubscription,
  isAccessReason,
  isSameSitePath,
  pricingRedirectFor,
  rememberRedirectAfterSubscription,
  signInReturnPath,
  signInReturningTo,
  takeRedirectAfterSubscription,
} from './billing.js';
import type { KeyValueStore, SessionStores } from './session.js';

function memoryStore(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

function stores(): SessionStores & { session: ReturnType<typeof memoryStore> } {
  return { local: memoryStore(), session: memoryStore() };
}

describe('isSameSitePath', () => {
  it('accepts a path on this site, with its query', () => {
    expect(isSameSitePath('/dashboard')).toBe(true);
    expect(isSameSitePath('/analytics?days=30&x=%2F')).toBe(true);
  });

  it('refuses other sites, schemes and paths a browser would read as another site', () => {
    for (const value of [
      null,
      undefined,
      '',
      'dashboard',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(isSameSitePath(value), String(value)).toBe(false);
    }
  });
});

describe('pricingRedirectFor', () => {
  it('sends a refused seller to the pricing page with the reason and the page they were on', () => {
    const to = pricingRedirectFor('trial_expired', {
      pathname: '/analytics',
      search: '?days=30',
    });
    expect(to).toBe('/pricing?reason=trial_expired&redirect=%2Fanalytics%3Fdays%3D30');
    const query = new URLSearchParams(to!.split('?')[1]);
    expect(query.get('redirect')).toBe('/analytics?days=30');
  });

  it('leaves the reason out when the answer named none the client knows', () => {
    expect(pricingRedirectFor(null, { pathname: '/dashboard', search: '' })).toBe(
      '/pricing?redirect=%2Fdashboard',
    );
  });

  it('does not loop from the pricing page itself', () => {
    expect(
      pricingRedirectFor('subscription_required', { pathname: '/pricing', search: '?reason=x' }),
    ).toBeNull();
  });

  it('stays on the dashboard just after a successful checkout, while the payment settles', () => {
    expect(
      pricingRedirectFor('trial_expired', {
        pathname: '/dashboard',
        search: '?subscription=success',
      }),
    ).toBeNull();
  });
});

describe('the destination after the subscription', () => {
  it('keeps a same-site path once: it is gone after it is read', () => {
    const browser = stores();
    expect(rememberRedirectAfterSubscription('/analytics?days=7', browser)).toBe(true);
    expect(browser.session.items.get('redirectAfterSubscription')).toBe('/analytics?days=7');
    expect(takeRedirectAfterSubscription(browser)).toBe('/analytics?days=7');
    expect(takeRedirectAfterSubscription(browser)).toBeNull();
  });

  it('never keeps another site, and drops one written by hand', () => {
    const browser = stores();
    expect(rememberRedirectAfterSubscription('//evil.example', browser)).toBe(false);
    expect(rememberRedirectAfterSubscription(null, browser)).toBe(false);
    expect(browser.session.items.size).toBe(0);
    browser.session.setItem('redirectAfterSubscription', 'https://evil.example');
    expect(takeRedirectAfterSubscription(browser)).toBeNull();
    expect(browser.session.items.size).toBe(0);
  });
});

describe('sign-in return', () => {
  it('carries a same-site path to the sign-in page and reads it back', () => {
    const to = signInReturningTo('/pricing?reason=trial_expired');
    expect(to).toBe('/login?return=%2Fpricing%3Freason%3Dtrial_expired');
    expect(signInReturnPath(new URLSearchParams(to.split('?')[1]))).toBe(
      '/pricing?reason=trial_expired',
    );
  });

  it('ignores a return address on another site', () => {
    expect(signInReturningTo('//evil.example')).toBe('/login');
    expect(signInReturnPath(new URLSearchParams('return=https://evil.example'))).toBeNull();
    expect(signInReturnPath(new URLSearchParams(''))).toBeNull();
  });
});

describe('billingDestination', () => {
  it('lets the browser go to a Stripe page or a page of this site, and nowhere else', () => {
    expect(billingDestination('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
    expect(billingDestination('/api/payments/local-checkout/cs_1')).toBe(
      '/api/payments/local-checkout/cs_1',
    );
    expect(billingDestination('javascript:alert(1)')).toBeNull();
    expect(billingDestination('//evil.example')).toBeNull();
    expect(billingDestination('')).toBeNull();
    expect(billingDestination(null)).toBeNull();
  });
});

describe('browserConsentRecord', () => {
  it('names the current terms, both documents and the browser marker', () => {
    expect(browserConsentRecord(new Date('2026-01-02T10:00:00.000Z'))).toEqual({
      agreed: true,
      termsUrl: '/terms',
      privacyUrl: '/privacy',
      termsVersion: '2025-10-02',
      consentTimestamp: '2026-01-02T10:00:00.000Z',
      consentIp: 'browser-client',
    });
  });
});

it('knows the three reasons of the pricing page and nothing else', () => {
  expect(
    ['trial_expired', 'subscription_required', 'subscription_cancelled'].every(isAccessReason),
  ).toBe(true);
  expect(isAccessReason('constructor')).toBe(false);
  expect(isAccessReason(undefined)).toBe(false);
});

it('counts a paid or past-due subscription as one, and a trial or an ended one not', () => {
  expect(hasSubscription({ status: 'active' })).toBe(true);
  expect(hasSubscription({ status: 'past_due' })).toBe(true);
  for (const status of ['none', 'trialing', 'cancelled', 'expired'] as const) {
    expect(hasSubscription({ status })).toBe(false);
  }
  expect(hasSubscription(null)).toBe(false);
});
