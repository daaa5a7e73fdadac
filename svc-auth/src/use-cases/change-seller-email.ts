import { badRequest } from '@onvelope/service-kit/errors';
import type { AuthContext } from '@onvelope/contracts';
import { sellerStore } from '../accounts/account-store.js';
import { sellerConfirmedByPassword } from '../accounts/caller-accounts.js';
import { toAccountSettings } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';
import { changeEmail } from './change-email.js';

export const emailUpdatedMessage = 'Email updated successfully! Please verify your new email.';

/**
 * Moves the seller to a new sign-in address; the current password is required (and throttled).
 * Other sessions end; the answer's token keeps this one.
 */
export async function changeSellerEmail(
  deps: AuthDeps,
  caller: AuthContext,
  input: { newEmail: string; password: string; ip: string },
) {
  const seller = await sellerConfirmedByPassword(deps, caller, input.password, input.ip);
  if (input.newEmail === seller.email) throw badRequest('This is already your email address.');
  const { moved, token } = await changeEmail(deps, sellerStore(deps), seller, input.newEmail);
  return { account: toAccountSettings(moved), message: emailUpdatedMessage, token };
}
