import { createApiClient, readMerchantSession } from '@onvelope/ui';

/** Public calls (the plan list): never carry a token. */
export const publicApi = createApiClient();

/**
 * Calls made as the signed-in seller from the pricing page (subscription, checkout): the stored
 * `authToken` while it is live. None of them is a workspace call, so none answers 402.
 */
export const sellerApi = createApiClient({
  getToken: () => readMerchantSession()?.token ?? null,
});
