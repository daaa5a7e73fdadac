import type { AuthContext, CustomerProfile } from '@onvelope/contracts';
import { customerOf } from '../accounts/caller-accounts.js';
import type { AuthDeps } from '../deps.js';
import { customerProfileOf } from './customer-profile.js';

export async function getCustomerProfile(
  deps: AuthDeps,
  caller: AuthContext,
): Promise<{ customer: CustomerProfile }> {
  return { customer: await customerProfileOf(deps, await customerOf(deps, caller)) };
}
