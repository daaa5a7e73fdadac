import type { AuthContext, SellerUser, completeOnboardingRequest } from '@onvelope/contracts';
import type { z } from 'zod';
import { accountNotFound } from '../accounts/account-errors.js';
import { sellerOf } from '../accounts/caller-accounts.js';
import { toSellerUser } from '../domain/account-views.js';
import { trialEndFrom } from '../domain/trial.js';
import type { AuthDeps } from '../deps.js';

type Agreement = z.infer<typeof completeOnboardingRequest>;

/**
 * Records the seller's consent (with the address the request came from), starts the 7-day trial
 * and keeps the chosen plan. Completing again changes nothing and answers the trial already
 * running: a trial starts once.
 */
export async function completeOnboarding(
  deps: AuthDeps,
  caller: AuthContext,
  agreement: Agreement,
  requestIp: string,
): Promise<{
  trialEnd: string;
  selectedPlan: NonNullable<SellerUser['selectedPlan']>;
  user: SellerUser;
}> {
  const now = deps.now();
  const started = await deps.sellers
    .findOneAndUpdate(
      { _id: caller.userId, accountId: caller.accountId, onboardingCompleted: false },
      {
        $set: {
          onboardingCompleted: true,
          selectedPlan: agreement.selectedPlan,
          trialEnd: trialEndFrom(now),
          consent: {
            ...agreement.consent,
            consentTimestamp: new Date(agreement.consent.consentTimestamp),
            requestIp,
            recordedAt: now,
          },
        },
      },
      { new: true },
    )
    .lean();
  const seller = started ?? (await sellerOf(deps, caller));
  if (!seller.trialEnd || !seller.selectedPlan) throw accountNotFound();
  return {
    trialEnd: seller.trialEnd.toISOString(),
    selectedPlan: seller.selectedPlan,
    user: toSellerUser(seller),
  };
}
