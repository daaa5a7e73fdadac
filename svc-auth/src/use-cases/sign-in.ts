import { tokenLifetimeSeconds } from '@onvelope/contracts';
import { unauthorized } from '@onvelope/service-kit/errors';
import type { AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import {
  accountMessages,
  accountNotFound,
  EmailNotVerifiedError,
} from '../accounts/account-errors.js';
import { checkPassword } from '../accounts/credentials.js';
import { sendCode } from '../accounts/verification-codes.js';
import type { AuthDeps } from '../deps.js';

/**
 * Signs in with email and password. Unknown email and wrong password get the same 401; failures
 * are throttled per email and per IP. A right password on an unverified account gets 403 with
 * `requiresVerification`, and a fresh code is sent (unless one went out within the cooldown).
 */
export async function signIn<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string; account: T }> {
  const account = await store.findByEmail(input.email);
  const matches = await checkPassword(
    deps,
    { kind: store.kind, email: input.email, ip: input.ip },
    account?.passwordHash ?? null,
    input.password,
  );
  if (!account || !matches) throw unauthorized(accountMessages.invalidCredentials);
  if (!account.isVerified) {
    await sendCode(
      deps,
      { kind: store.kind, purpose: 'verify-email', userId: account._id, email: account.email },
      'skip',
    );
    throw new EmailNotVerifiedError(account.email);
  }
  const signedIn = await store.update(account._id, { lastLoginAt: deps.now() });
  if (!signedIn) throw accountNotFound();
  const token = await deps.signer.sign(store.claims(signedIn), tokenLifetimeSeconds);
  return { token, account: signedIn };
}
