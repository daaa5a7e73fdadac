import { getSellerCountry } from '@onvelope/contracts';
import { serveCommand } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { AuthDeps } from '../deps.js';

/** Answers svc-orders' `auth.sellerCountry`: null for a seller without one (or unknown). */
export function serveSellerCountry(deps: Pick<AuthDeps, 'nats' | 'sellers' | 'log'>) {
  return serveCommand(
    deps.nats,
    getSellerCountry,
    'svc-auth',
    async ({ accountId }) => {
      const seller = await forAccount(deps.sellers, accountId)
        .findOne()
        .select({ country: 1 })
        .lean();
      return { country: seller?.country || null };
    },
    deps.log,
  );
}
