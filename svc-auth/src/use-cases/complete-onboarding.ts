import {
  startTrial,
  type AuthContext,
  type SellerUser,
  type completeOnboardingRequest,
} from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import { requestCommand } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import { accountNotFound } from '../accounts/account-errors.js';
import { sellerOf } from '../accounts/caller-accounts.js';
import { toSellerUser } from '../domain/account-views.js';
import type { AuthDeps } from '../deps.js';

type Agreement = z.infer<typeof completeOnboardingRequest>;

/** How long onboarding waits for svc-billing to start the trial. */
const START_TRIAL_TIMEOUT_MS = 5_000;

export const trialNotStarted =
  'We could not start your trial just now. Please try again in a moment.';

/**
 * Records the seller's consent (with the address the request came from), has svc-billing start
 * the 7-day trial (it owns the trial and closes the workspace when it ends) and keeps the chosen
 * plan. Completing again changes nothing and answers the trial already running: a trial starts
 * once. When svc-billing cannot start it, nothing is recorded and the seller is asked to retry.
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
  const seller = await sellerOf(deps, caller);
  const { trialEnd } = await requestCommand(
    deps.nats,
    startTrial,
    {
      accountId: caller.accountId,
      email: seller.email,
      selectedPlan: seller.selectedPlan ?? agreement.selectedPlan,
      consent: { ...agreement.consent, requestIp },
    },
    START_TRIAL_TIMEOUT_MS,
  ).catch((error: unknown) => {
    deps.log.error({ err: error }, 'svc-billing did not start the trial');
    throw new HttpError(503, trialNotStarted);
  });
  const started = await forAccount(deps.sellers, caller.accountId)
    .findOneAndUpdate(
      { _id: caller.userId, onboardingCompleted: false },
      {
        $set: {
          onboardingCompleted: true,
          selectedPlan: agreement.selectedPlan,
          trialEnd: new Date(trialEnd),
          consent: {
            ...agreement.consent,
            consentTimestamp: new Date(agreement.consent.consentTimestamp),
            requestIp,
            recordedAt: now,
          },
        },
      },
    )
    .lean();
  const onboarded = started ?? (await sellerOf(deps, caller));
  if (!onboarded.trialEnd || !onboarded.selectedPlan) throw accountNotFound();
  return {
    trialEnd: onboarded.trialEnd.toISOString(),
    selectedPlan: onboarded.selectedPlan,
    user: toSellerUser(onboarded),
  };
}
