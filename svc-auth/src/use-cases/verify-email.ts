import { badRequest } from '@onvelope/service-kit/errors';
import { tokenLifetimeSeconds } from '@onvelope/contracts';
import type { AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import { accountNotFound } from '../accounts/account-errors.js';
import { useCode } from '../accounts/verification-codes.js';
import { codeMessages } from '../domain/one-time-code.js';
import type { AuthDeps } from '../deps.js';

/** Verifies the email with its code and signs the account in. */
export async function verifyEmail<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  input: { email: string; code: string },
): Promise<{ token: string; account: T }> {
  const account = await store.findByEmail(input.email);
  // An unknown address gets the answer a wrong code gets.
  if (!account) throw badRequest(codeMessages.invalid);
  await useCode(
    deps,
    { kind: store.kind, purpose: 'verify-email', userId: account._id, email: account.email },
    input.code,
  );
  const verified = await store.update(account._id, {
    isVerified: true,
    lastLoginAt: deps.now(),
  });
  if (!verified) throw accountNotFound();
  const token = await deps.signer.sign(store.claims(verified), tokenLifetimeSeconds);
  return { token, account: verified };
}
