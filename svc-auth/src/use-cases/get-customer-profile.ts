import type { AuthContext, CustomerProfile } from '@onvelope/contracts';
import { customerOf } from '../accounts/caller-accounts.js';
import { toCustomerProfile } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';

export async function getCustomerProfile(
  deps: AuthDeps,
  caller: AuthContext,
): Promise<{ customer: CustomerProfile }> {
  return { customer: toCustomerProfile(await customerOf(deps, caller)) };
}
