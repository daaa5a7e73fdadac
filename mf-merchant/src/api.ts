import { createApiClient, readMerchantSession } from '@onvelope/ui';

/** Calls made as the signed-in seller: the stored `authToken` while it is live. */
export const merchantApi = createApiClient({
  getToken: () => readMerchantSession()?.token ?? null,
});

/** Public calls (sign-in, sign-up, codes): never carry a token. */
export const publicApi = createApiClient();
