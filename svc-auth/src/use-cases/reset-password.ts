import { badRequest } from '@onvelope/service-kit/errors';
import type { AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import { accountNotFound } from '../accounts/account-errors.js';
import { clearSignInFailures, hashPassword } from '../accounts/credentials.js';
import { tokenRevocation } from '../accounts/token-revocation.js';
import { useCode } from '../accounts/verification-codes.js';
import { codeMessages } from '../domain/one-time-code.js';
import type { AuthDeps } from '../deps.js';

export const passwordResetMessage = 'Your password has been reset. You can now sign in.';

/**
 * Sets a new password with the emailed code. The code proves the mailbox, so the email counts as
 * verified too; every older token ends and the address's failed sign-ins are forgotten.
 */
export async function resetPassword<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  input: { email: string; code: string; newPassword: string },
): Promise<{ message: string }> {
  const account = await store.findByEmail(input.email);
  if (!account) throw badRequest(codeMessages.invalid);
  await useCode(
    deps,
    { kind: store.kind, purpose: 'reset-password', userId: account._id, email: account.email },
    input.code,
  );
  const updated = await store.update(account._id, {
    passwordHash: await hashPassword(input.newPassword),
    passwordChangedAt: deps.now(),
    isVerified: true,
    ...tokenRevocation(),
  });
  if (!updated) throw accountNotFound();
  deps.revocationRelay.kick();
  await clearSignInFailures(deps, store.kind, account.email);
  return { message: passwordResetMessage };
}
