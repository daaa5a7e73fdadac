import type {
  AuthContext,
  CustomerProfile,
  updateCustomerProfileRequest,
} from '@onvelope/contracts';
import type { z } from 'zod';
import { accountNotFound } from '../accounts/account-errors.js';
import { customerStore } from '../accounts/account-store.js';
import { customerOf } from '../accounts/caller-accounts.js';
import { profileFieldsToSet } from '../domain/profile-changes.js';
import type { AuthDeps } from '../deps.js';
import { changeEmail } from './change-email.js';
import { customerProfileOf } from './customer-profile.js';

/**
 * Updates the buyer's profile. Empty texts clear their field (an empty avatar brings back the
 * identicon); a new email must be verified again, like a seller's, and ends the buyer's other
 * sessions (the answer then carries a fresh token for this one).
 */
export async function updateCustomerProfile(
  deps: AuthDeps,
  caller: AuthContext,
  changes: z.infer<typeof updateCustomerProfileRequest>,
): Promise<{ customer: CustomerProfile; token?: string }> {
  let customer = await customerOf(deps, caller);
  let token: string | undefined;
  const { email, ...fields } = changes;
  if (email !== undefined && email !== customer.email) {
    ({ moved: customer, token } = await changeEmail(deps, customerStore(deps), customer, email));
  }
  const set = profileFieldsToSet(fields);
  if (Object.keys(set).length > 0) {
    const updated = await deps.customers
      .findOneAndUpdate({ _id: customer._id }, { $set: set }, { returnDocument: 'after' })
      .lean();
    if (!updated) throw accountNotFound();
    customer = updated;
  }
  return { customer: await customerProfileOf(deps, customer), ...(token ? { token } : {}) };
}
