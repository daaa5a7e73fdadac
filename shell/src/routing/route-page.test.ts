import { describe, expect, it } from 'vitest';
import { routePage } from './route-page.js';
import { routeTable, type PageRoute } from './route-table.js';

function route(path: string): PageRoute {
  const found = routeTable.find((entry) => entry.path === path);
  if (!found || 'redirectTo' in found) throw new Error(`no page route ${path}`);
  return found;
}

describe('routePage', () => {
  it('serves sign-in and sign-up from mf-customer when Buyer is chosen, from mf-merchant otherwise', () => {
    const buyer = { search: '?account=customer', verifying: null };
    const seller = { search: '?return=%2Fpricing', verifying: null };
    expect(routePage(route('/login'), buyer)).toEqual({
      id: 'mf_customer/AuthPage',
      props: { mode: 'login' },
    });
    expect(routePage(route('/register'), buyer)).toEqual({
      id: 'mf_customer/AuthPage',
      props: { mode: 'register' },
    });
    expect(routePage(route('/login'), seller).id).toBe('mf_merchant/AuthPage');
    // A buyer's pending code does not choose Buyer on the sign-in screen: only its address does.
    expect(routePage(route('/login'), { search: '', verifying: 'customer' }).id).toBe(
      'mf_merchant/AuthPage',
    );
  });

  it('serves /verify from the remote of the account whose e-mail waits for its code', () => {
    expect(routePage(route('/verify'), { search: '', verifying: 'customer' }).id).toBe(
      'mf_customer/VerifyPage',
    );
    expect(routePage(route('/verify'), { search: '', verifying: 'merchant' }).id).toBe(
      'mf_merchant/VerifyPage',
    );
    expect(routePage(route('/verify'), { search: '', verifying: null }).id).toBe(
      'mf_merchant/VerifyPage',
    );
  });

  it('serves a route without a buyers’ page the same to everyone', () => {
    const buyer = { search: '?account=customer', verifying: 'customer' as const };
    expect(routePage(route('/track'), buyer).id).toBe('mf_customer/TrackPage');
    expect(routePage(route('/dashboard'), buyer).id).toBe('mf_merchant/DashboardPage');
  });
});
