import { getSellerPublicProfile } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { serveCommand } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { AuthDeps } from '../deps.js';

/**
 * Answers svc-orders' `auth.sellerPublicProfile` (one answer per request across instances: queue
 * group). The name a buyer sees is the company name, else the display name: never the email, which
 * may be a person's private address.
 */
export function serveSellerPublicProfile(deps: Pick<AuthDeps, 'nats' | 'sellers' | 'log'>) {
  return serveCommand(
    deps.nats,
    getSellerPublicProfile,
    'svc-auth',
    async ({ accountId }) => {
      const seller = await forAccount(deps.sellers, accountId)
        .findOne()
        .select({ companyName: 1, displayName: 1, website: 1 })
        .lean();
      if (!seller) throw notFound('Seller not found');
      return {
        name: seller.companyName || seller.displayName || null,
        website: seller.website || null,
      };
    },
    deps.log,
  );
}
