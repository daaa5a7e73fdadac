import type { AuthContext } from '@onvelope/contracts';
import { sellerOf } from '../accounts/caller-accounts.js';
import { toAccountSettings } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';

export async function getAccountSettings(deps: AuthDeps, caller: AuthContext) {
  return { account: toAccountSettings(await sellerOf(deps, caller)) };
}
