import { readCustomerSession, readMerchantSession } from '@onvelope/ui';
import type { Viewer } from './access.js';

/** What the guards know about the visitor, read from the stored tokens at the moment of the call. */
export function currentViewer(): Viewer {
  const merchant = readMerchantSession();
  return {
    merchant: merchant && { onboardingCompleted: merchant.onboardingCompleted },
    customer: readCustomerSession() !== null,
  };
}
