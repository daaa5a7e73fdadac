import { getCustomerEmail } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { serveCommand } from '@onvelope/service-kit/nats';
import type { AuthDeps } from '../deps.js';

/**
 * Answers svc-orders' `auth.customerEmail`: a buyer's queries are those sent from their address,
 * which svc-orders trusts only while it is verified (after an email change it is not, until the
 * new address is confirmed).
 */
export function serveCustomerEmail(deps: Pick<AuthDeps, 'nats' | 'customers' | 'log'>) {
  return serveCommand(
    deps.nats,
    getCustomerEmail,
    'svc-auth',
    async ({ customerId }) => {
      const customer = await deps.customers
        .findById(customerId, { email: 1, isVerified: 1 })
        .lean();
      if (!customer) throw notFound('Customer not found');
      return { email: customer.email, isVerified: customer.isVerified };
    },
    deps.log,
  );
}
