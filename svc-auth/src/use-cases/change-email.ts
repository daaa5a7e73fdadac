import { tokenLifetimeSeconds } from '@onvelope/contracts';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import type { AccountStore } from '../accounts/account-store.js';
import type { AccountRecord } from '../data/account-record.js';
import { accountNotFound, emailTaken } from '../accounts/account-errors.js';
import { tokenRevocation } from '../accounts/token-revocation.js';
import { sendCode } from '../accounts/verification-codes.js';
import type { AuthDeps } from '../deps.js';

/**
 * Moves the account to a new address, which must be verified again: it is marked unverified and a
 * code is sent to it. An address another account of the same kind holds is refused (409). Like a
 * new password, it ends every older token (a session elsewhere belongs to whoever knew the old
 * address); the answer carries a fresh token so the caller stays signed in.
 */
export async function changeEmail<T extends AccountRecord>(
  deps: AuthDeps,
  store: AccountStore<T>,
  account: T,
  newEmail: string,
): Promise<{ moved: T; token: string }> {
  if (await store.findByEmail(newEmail)) throw emailTaken();
  const moved = await store
    .update(
      account._id,
      { email: newEmail, isVerified: false, ...tokenRevocation() },
      { email: account.email },
    )
    .catch((error: unknown) => {
      if (isDuplicateKeyError(error)) throw emailTaken();
      throw error;
    });
  if (!moved) throw accountNotFound();
  deps.revocationRelay.kick();
  await sendCode(
    deps,
    { kind: store.kind, purpose: 'verify-email', userId: moved._id, email: newEmail },
    'refuse',
  );
  return { moved, token: await deps.signer.sign(store.claims(moved), tokenLifetimeSeconds) };
}
