import type { AuthContext } from '@onvelope/contracts';
import type { CustomerDocument } from '../data/customer.model.js';
import type { SellerDocument } from '../data/seller.model.js';
import type { AuthDeps } from '../deps.js';
import { accountNotFound } from './account-errors.js';

/**
 * The signed-in seller, found by the token's userId and accountId only: no call takes an account
 * id from the request, so one seller can never reach another's account.
 */
export async function sellerOf(
  deps: Pick<AuthDeps, 'sellers'>,
  caller: AuthContext,
): Promise<SellerDocument> {
  const seller = await deps.sellers
    .findOne({ _id: caller.userId, accountId: caller.accountId })
    .lean();
  if (!seller) throw accountNotFound();
  return seller;
}

export async function customerOf(
  deps: Pick<AuthDeps, 'customers'>,
  caller: AuthContext,
): Promise<CustomerDocument> {
  const customer = await deps.customers.findById(caller.userId).lean();
  if (!customer) throw accountNotFound();
  return customer;
}
