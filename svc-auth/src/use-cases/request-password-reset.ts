import type { AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import { sendCode } from '../accounts/verification-codes.js';
import type { AuthDeps } from '../deps.js';

export const resetRequestedMessage =
  'If an account exists for this email, we have sent a password reset code to it.';

/**
 * Emails a reset code. The answer is the same whether or not the address has an account, and
 * within the cooldown nothing is sent (and nothing said), so the call reveals no account.
 */
export async function requestPasswordReset<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  email: string,
): Promise<{ message: string }> {
  const account = await store.findByEmail(email);
  if (account) {
    await sendCode(
      deps,
      { kind: store.kind, purpose: 'reset-password', userId: account._id, email: account.email },
      'skip',
    );
  }
  return { message: resetRequestedMessage };
}
