import type { CustomerProfile } from '@onvelope/contracts';
import type { CustomerDocument } from '../data/customer.model.js';
import type { AuthDeps } from '../deps.js';
import { toCustomerProfile } from '../domain/account-views.js';
import { claimedOrderCountOf } from '../events/claimed-order-count.js';

/** The buyer's profile as every call answers it: the account and how many orders they claimed. */
export async function customerProfileOf(
  deps: Pick<AuthDeps, 'nats' | 'log'>,
  customer: CustomerDocument,
): Promise<CustomerProfile> {
  return toCustomerProfile(customer, await claimedOrderCountOf(deps, customer._id));
}
