import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table.js';

function entry(path: string) {
  const found = routeTable.find((route) => route.path === path);
  if (!found) throw new Error(`route ${path} is missing`);
  return found;
}

describe('routeTable', () => {
  it('holds every route of spec 001 §2 with its access rule', () => {
    const expected: Record<string, string> = {
      '/': 'public',
      '/track': 'public',
      '/customer': 'public',
      '/features': 'public',
      '/pricing': 'public',
      '/about': 'public',
      '/contact': 'public',
      '/privacy': 'public',
      '/terms': 'public',
      '/old-privacy': 'public',
      '/old-terms': 'public',
      '/login': 'signed-out',
      '/register': 'signed-out',
      '/verify': 'public',
      '/trial-agreement': 'trial-agreement',
      '/onboarding': 'onboarding',
      '/customer-dashboard': 'customer',
      '/dashboard': 'merchant-dashboard',
      '/analytics': 'merchant',
      '/upload': 'merchant',
      '/account-settings': 'merchant',
      '/your-data': 'merchant',
    };
    for (const [path, access] of Object.entries(expected)) {
      expect(entry(path), path).toMatchObject({ access });
    }
  });

  it('redirects /customer-login and /customer-register to the buyer’s sign-in and sign-up, and unknown paths home', () => {
    expect(entry('/customer-login')).toEqual({
      path: '/customer-login',
      redirectTo: '/login?account=customer',
    });
    expect(entry('/customer-register')).toEqual({
      path: '/customer-register',
      redirectTo: '/register?account=customer',
    });
    expect(entry('*')).toEqual({ path: '*', redirectTo: '/' });
  });

  it('serves /track and /customer with the same tracking page from mf-customer', () => {
    expect(entry('/track')).toMatchObject({ page: { id: 'mf_customer/TrackPage' } });
    expect(entry('/customer')).toMatchObject({ page: { id: 'mf_customer/TrackPage' } });
  });

  it('lists each path once', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
