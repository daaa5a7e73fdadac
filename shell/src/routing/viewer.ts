import { readCustomerSession, readMerchantSession, readPendingVerification } from '@onvelope/ui';
import type { Viewer } from './access.js';
import type { Arrival } from './route-page.js';

/** What the guards know about the visitor, read from the stored tokens at the moment of the call. */
export function currentViewer(): Viewer {
  const merchant = readMerchantSession();
  return {
    merchant: merchant && { onboardingCompleted: merchant.onboardingCompleted },
    customer: readCustomerSession() !== null,
  };
}

/** The arrival at `search`, with the verification waiting in this tab's session storage. */
export function currentArrival(search: string): Arrival {
  return { search, verifying: readPendingVerification()?.account ?? null };
}
