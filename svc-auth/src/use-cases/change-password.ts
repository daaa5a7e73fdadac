import { tokenLifetimeSeconds, type AuthContext } from '@onvelope/contracts';
import { sellerConfirmedByPassword } from '../accounts/caller-accounts.js';
import { hashPassword } from '../accounts/credentials.js';
import { tokenRevocation } from '../accounts/token-revocation.js';
import type { AuthDeps } from '../deps.js';

export const passwordUpdatedMessage = 'Password updated successfully!';

/**
 * Changes the seller's password after checking the current one. Every older token ends (this one
 * too, in every service); the answer carries a fresh token so the seller stays signed in here.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: AuthContext,
  input: { currentPassword: string; newPassword: string; ip: string },
): Promise<{ message: string; token: string }> {
  const seller = await sellerConfirmedByPassword(deps, caller, input.currentPassword, input.ip);
  await deps.sellers.updateOne(
    { _id: seller._id },
    {
      $set: {
        passwordHash: await hashPassword(input.newPassword),
        passwordChangedAt: deps.now(),
        ...tokenRevocation(),
      },
    },
  );
  deps.revocationRelay.kick();
  const token = await deps.signer.sign(
    { userId: seller._id, accountId: seller.accountId, role: 'merchant' },
    tokenLifetimeSeconds,
  );
  return { message: passwordUpdatedMessage, token };
}
