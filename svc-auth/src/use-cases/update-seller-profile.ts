import type { AuthContext, updateProfileRequest } from '@onvelope/contracts';
import type { z } from 'zod';
import { forAccount } from '@onvelope/service-kit/mongo';
import { accountNotFound } from '../accounts/account-errors.js';
import { profileChanged } from '../data/seller.model.js';
import { toAccountSettings } from '../domain/account-views.js';
import { profileFieldsToSet } from '../domain/profile-changes.js';
import type { AuthDeps } from '../deps.js';
import { announceTimeZoneChange } from '../events/seller-time-zone.js';

export const profileUpdatedMessage = 'Profile updated successfully!';

/** Sets the profile fields sent; an empty text clears its field, an absent one leaves it. */
export async function updateSellerProfile(
  deps: AuthDeps,
  caller: AuthContext,
  changes: z.infer<typeof updateProfileRequest>,
) {
  const set = profileFieldsToSet(changes);
  const seller = await forAccount(deps.sellers, caller.accountId)
    .findOneAndUpdate({ _id: caller.userId }, { $set: { ...set, ...profileChanged(deps.now()) } })
    .lean();
  if (!seller) throw accountNotFound();
  deps.profileRelay.kick();
  const account = toAccountSettings(seller);
  if (changes.timeZone !== undefined) {
    await announceTimeZoneChange(deps, caller.accountId, account.timeZone);
  }
  return { account, message: profileUpdatedMessage };
}
