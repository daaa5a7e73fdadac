import type { AccessReason } from '@onvelope/contracts';
import {
  announceSessionExpired,
  clearMerchantSession,
  createApiClient,
  pricingRedirectFor,
  readMerchantSession,
} from '@onvelope/ui';

// One trip to the pricing page per page load: a dashboard fires several calls at once, and each
// of them answers 402 when the workspace is closed.
let leavingForPricing = false;

/**
 * A workspace call answered 402 (trial over, subscription ended or unpaid): the seller goes to the
 * pricing page, which says why (spec 001 §2 `reason`) and keeps this page to come back to after
 * subscribing (`redirect`). A full navigation: the page that was refused has nothing left to show.
 */
function leaveForPricing(reason: AccessReason | null): void {
  const to = pricingRedirectFor(reason, window.location);
  if (!to || leavingForPricing) return;
  leavingForPricing = true;
  window.location.assign(to);
}

/**
 * A workspace call answered 401 (spec 000 §7): the token and the seller's identity are cleared, and
 * the page's `SessionExpiredNotice` offers /login. Here, so every call does it (ship, rules,
 * reports, queries, store-front…), not only the table's load.
 */
function endSession(): void {
  clearMerchantSession();
  announceSessionExpired();
}

/** Calls made as the signed-in seller: the stored `authToken` while it is live. */
export const merchantApi = createApiClient({
  getToken: () => readMerchantSession()?.token ?? null,
  onPaymentRequired: leaveForPricing,
  onSessionExpired: endSession,
});

/** Public calls (sign-in, sign-up, codes): never carry a token. */
export const publicApi = createApiClient();
