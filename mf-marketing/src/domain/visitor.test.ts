import { describe, expect, it } from 'vitest';
import { accountLinksOf, offersTrial, pricingBackLinkOf, visitorFrom } from './visitor.js';

describe('visitorFrom', () => {
  it('is a seller with a seller session, even beside a buyer session, a buyer with only that, else a guest', () => {
    expect(visitorFrom({ merchant: {}, customer: null })).toBe('seller');
    expect(visitorFrom({ merchant: {}, customer: {} })).toBe('seller');
    expect(visitorFrom({ merchant: null, customer: {} })).toBe('buyer');
    expect(visitorFrom({ merchant: null, customer: null })).toBe('guest');
  });
});

describe('accountLinksOf', () => {
  it('offers a guest Login and Sign Up, and nothing to sign out of', () => {
    expect(accountLinksOf('guest')).toEqual({
      signIn: { to: '/login', label: 'Login' },
      main: { to: '/register', label: 'Sign Up' },
      signOut: false,
    });
  });

  it('offers a signed-in seller the dashboard and Log out instead of Login and Sign Up', () => {
    expect(accountLinksOf('seller')).toEqual({
      signIn: null,
      main: { to: '/dashboard', label: 'Dashboard' },
      signOut: true,
    });
  });

  it('offers a signed-in buyer their orders and Log out', () => {
    expect(accountLinksOf('buyer')).toEqual({
      signIn: null,
      main: { to: '/customer-dashboard', label: 'My orders' },
      signOut: true,
    });
  });
});

describe('the pricing page by visitor', () => {
  it('leads a seller back to the dashboard and anyone else home', () => {
    expect(pricingBackLinkOf('seller')).toEqual({ to: '/dashboard', label: 'Back to dashboard' });
    expect(pricingBackLinkOf('buyer')).toEqual({ to: '/', label: 'Back to home' });
    expect(pricingBackLinkOf('guest')).toEqual({ to: '/', label: 'Back to home' });
  });

  it('offers the free trial to guests only', () => {
    expect(offersTrial('guest')).toBe(true);
    expect(offersTrial('seller')).toBe(false);
    expect(offersTrial('buyer')).toBe(false);
  });
});
