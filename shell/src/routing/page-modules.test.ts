import { describe, expect, it } from 'vitest';
import type { Viewer } from './access.js';
import { pageModules } from './page-modules.js';

const visitor: Viewer = { merchant: null, customer: false };
const merchant: Viewer = { merchant: { onboardingCompleted: true }, customer: false };
const newMerchant: Viewer = { merchant: { onboardingCompleted: false }, customer: false };

describe('pageModules', () => {
  it('gives a public page with the public header and footer around it', () => {
    expect(pageModules('/', visitor)).toEqual([
      'mf_marketing/PublicHeader',
      'mf_marketing/PublicFooter',
      'mf_marketing/LandingPage',
    ]);
    expect(pageModules('/track', merchant)).toContain('mf_customer/TrackPage');
  });

  it("gives a page with its own frame alone, when the viewer's stored session opens it", () => {
    expect(pageModules('/dashboard', merchant)).toEqual(['mf_merchant/DashboardPage']);
    expect(pageModules('/login', visitor)).toEqual(['mf_merchant/AuthPage']);
  });

  it('matches the path as the router does: a trailing slash and letter case do not matter', () => {
    expect(pageModules('/Dashboard/', merchant)).toEqual(['mf_merchant/DashboardPage']);
  });

  it('gives nothing for a page its guard would leave, a redirect or an unknown path', () => {
    expect(pageModules('/dashboard', visitor)).toEqual([]);
    expect(pageModules('/dashboard', newMerchant)).toEqual([]);
    expect(pageModules('/login', merchant)).toEqual([]);
    expect(pageModules('/customer-login', visitor)).toEqual([]);
    expect(pageModules('/no/such/page', visitor)).toEqual([]);
  });
});
