import { describe, expect, it } from 'vitest';
import { redirectFor, type Viewer } from './access.js';

const visitor: Viewer = { merchant: null, customer: false };
const merchant: Viewer = { merchant: { onboardingCompleted: true }, customer: false };
const newMerchant: Viewer = { merchant: { onboardingCompleted: false }, customer: false };
const customer: Viewer = { merchant: null, customer: true };

describe('redirectFor', () => {
  it('lets everybody open public pages', () => {
    for (const viewer of [visitor, merchant, newMerchant, customer]) {
      expect(redirectFor('public', viewer)).toBeNull();
    }
  });

  it('sends a signed-in merchant from /login and /register to /dashboard and a customer to /customer-dashboard', () => {
    expect(redirectFor('signed-out', visitor)).toBeNull();
    expect(redirectFor('signed-out', merchant)).toBe('/dashboard');
    expect(redirectFor('signed-out', customer)).toBe('/customer-dashboard');
  });

  it('sends anyone who is not a signed-in merchant from merchant pages to /login', () => {
    expect(redirectFor('merchant', visitor)).toBe('/login');
    expect(redirectFor('merchant', customer)).toBe('/login');
    expect(redirectFor('merchant', merchant)).toBeNull();
  });

  it('sends a merchant with incomplete onboarding from /dashboard to /trial-agreement', () => {
    expect(redirectFor('merchant-dashboard', visitor)).toBe('/login');
    expect(redirectFor('merchant-dashboard', newMerchant)).toBe('/trial-agreement');
    expect(redirectFor('merchant-dashboard', merchant)).toBeNull();
  });

  it('shows /trial-agreement only while onboarding is incomplete', () => {
    expect(redirectFor('trial-agreement', visitor)).toBe('/login');
    expect(redirectFor('trial-agreement', newMerchant)).toBeNull();
    expect(redirectFor('trial-agreement', merchant)).toBe('/dashboard');
  });

  it('sends /onboarding to /trial-agreement while onboarding is incomplete and to /login when signed out', () => {
    expect(redirectFor('onboarding', visitor)).toBe('/login');
    expect(redirectFor('onboarding', newMerchant)).toBe('/trial-agreement');
    expect(redirectFor('onboarding', merchant)).toBeNull();
  });

  it('lets only customers open the customer dashboard, and sends others to sign in as a buyer', () => {
    expect(redirectFor('customer', customer)).toBeNull();
    expect(redirectFor('customer', merchant)).toBe('/login?account=customer');
    expect(redirectFor('customer', visitor)).toBe('/login?account=customer');
  });
});
