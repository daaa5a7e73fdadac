import { badRequest } from '@onvelope/service-kit';
import type { AuthContext } from '@onvelope/contracts';
import { accountMessages } from '../accounts/account-errors.js';
import { sellerStore } from '../accounts/account-store.js';
import { sellerOf } from '../accounts/caller-accounts.js';
import { checkPassword } from '../accounts/credentials.js';
import { toAccountSettings } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';
import { changeEmail } from './change-email.js';

export const emailUpdatedMessage = 'Email updated successfully! Please verify your new email.';

/** Moves the seller to a new sign-in address; the current password is required (and throttled). */
export async function changeSellerEmail(
  deps: AuthDeps,
  caller: AuthContext,
  input: { newEmail: string; password: string; ip: string },
) {
  const seller = await sellerOf(deps, caller);
  const matches = await checkPassword(
    deps,
    { kind: 'seller', email: seller.email, ip: input.ip },
    seller.passwordHash,
    input.password,
  );
  if (!matches) throw badRequest(accountMessages.currentPasswordWrong);
  if (input.newEmail === seller.email) throw badRequest('This is already your email address.');
  const moved = await changeEmail(deps, sellerStore(deps), seller, input.newEmail);
  return { account: toAccountSettings(moved), message: emailUpdatedMessage };
}
