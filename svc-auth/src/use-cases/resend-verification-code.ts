import type { AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import { sendCode } from '../accounts/verification-codes.js';
import type { AuthDeps } from '../deps.js';

export const resendMessage = 'A new verification code has been sent to your email.';

/**
 * Sends a new verification code (the old one dies), at most one a minute. An unknown or already
 * verified address gets the same answer and no mail.
 */
export async function resendVerificationCode<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  email: string,
): Promise<{ message: string }> {
  const account = await store.findByEmail(email);
  if (account && !account.isVerified) {
    await sendCode(
      deps,
      { kind: store.kind, purpose: 'verify-email', userId: account._id, email: account.email },
      'refuse',
    );
  }
  return { message: resendMessage };
}
