import { completeOnboarding } from '@onvelope/contracts';
import { browserConsentRecord, localStorageKeys, storeMerchantUser } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import type { SelectablePlanId } from './onboarding.js';

/**
 * Starts the seller's trial on `plan` with both agreements and the browser's consent record
 * (spec 001 §2, §9), and keeps what the answer says: the trial's end, the plan, the updated seller.
 */
export async function beginTrial(plan: SelectablePlanId): Promise<void> {
  const answer = await merchantApi.call(completeOnboarding, {
    body: {
      selectedPlan: plan,
      agreeToTrialTerms: true,
      agreeToPaymentTerms: true,
      consent: browserConsentRecord(new Date()),
    },
  });
  localStorage.setItem(localStorageKeys.trialEndDate, answer.trialEnd);
  localStorage.setItem(localStorageKeys.selectedPlan, answer.selectedPlan);
  storeMerchantUser(answer.user);
}
