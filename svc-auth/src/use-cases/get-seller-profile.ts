import type { AuthContext, SellerUser } from '@onvelope/contracts';
import { sellerOf } from '../accounts/caller-accounts.js';
import { toSellerUser } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';

export async function getSellerProfile(
  deps: AuthDeps,
  caller: AuthContext,
): Promise<{ user: SellerUser }> {
  return { user: toSellerUser(await sellerOf(deps, caller)) };
}
