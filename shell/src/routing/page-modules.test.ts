import { describe, expect, it } from 'vitest';
import type { Viewer } from './access.js';
import { pageModules } from './page-modules.js';
import type { Arrival } from './route-page.js';

const visitor: Viewer = { merchant: null, customer: false };
const merchant: Viewer = { merchant: { onboardingCompleted: true }, customer: false };
const newMerchant: Viewer = { merchant: { onboardingCompleted: false }, customer: false };
const plain: Arrival = { search: '', verifying: null };

describe('pageModules', () => {
  it('gives a public page with the public header and footer around it', () => {
    expect(pageModules('/', visitor, plain)).toEqual([
      'mf_marketing/PublicHeader',
      'mf_marketing/PublicFooter',
      'mf_marketing/LandingPage',
    ]);
    expect(pageModules('/track', merchant, plain)).toContain('mf_customer/TrackPage');
  });

  it("gives a page with its own frame alone, when the viewer's stored session opens it", () => {
    expect(pageModules('/dashboard', merchant, plain)).toEqual(['mf_merchant/DashboardPage']);
    expect(pageModules('/login', visitor, plain)).toEqual(['mf_merchant/AuthPage']);
  });

  it("gives a buyer's sign-in and verify pages from mf-customer, never from mf-merchant", () => {
    const buyerChosen = { search: '?account=customer', verifying: null };
    expect(pageModules('/login', visitor, buyerChosen)).toEqual(['mf_customer/AuthPage']);
    expect(pageModules('/register', visitor, buyerChosen)).toEqual(['mf_customer/AuthPage']);
    const buyerVerifying: Arrival = { search: '', verifying: 'customer' };
    expect(pageModules('/verify', visitor, buyerVerifying)).toEqual(['mf_customer/VerifyPage']);
    expect(pageModules('/verify', visitor, plain)).toEqual(['mf_merchant/VerifyPage']);
  });

  it('matches the path as the router does: a trailing slash and letter case do not matter', () => {
    expect(pageModules('/Dashboard/', merchant, plain)).toEqual(['mf_merchant/DashboardPage']);
  });

  it('gives nothing for a page its guard would leave, a redirect or an unknown path', () => {
    expect(pageModules('/dashboard', visitor, plain)).toEqual([]);
    expect(pageModules('/dashboard', newMerchant, plain)).toEqual([]);
    expect(pageModules('/login', merchant, plain)).toEqual([]);
    expect(pageModules('/customer-login', visitor, plain)).toEqual([]);
    expect(pageModules('/no/such/page', visitor, plain)).toEqual([]);
  });
});
