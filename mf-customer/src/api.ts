import { createApiClient, readCustomerSession } from '@onvelope/ui';

// Buyer calls carry the buyer's own token (customerAuthToken), never the seller's.
export const customerApi = createApiClient({
  getToken: () => readCustomerSession()?.token ?? null,
});

/** The public tracking page's calls (lookup, signed link, query): never a token. */
export const publicApi = createApiClient({ getToken: () => null });
