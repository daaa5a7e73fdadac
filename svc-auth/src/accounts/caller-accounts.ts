import type { AuthContext } from '@onvelope/contracts';
import { badRequest } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { CustomerDocument } from '../data/customer.model.js';
import type { SellerDocument } from '../data/seller.model.js';
import type { AuthDeps } from '../deps.js';
import { accountMessages, accountNotFound } from './account-errors.js';
import { checkPassword } from './credentials.js';

/**
 * The signed-in seller, found by the token's userId and accountId only: no call takes an account
 * id from the request, so one seller can never reach another's account.
 */
export async function sellerOf(
  deps: Pick<AuthDeps, 'sellers'>,
  caller: AuthContext,
): Promise<SellerDocument> {
  const seller = await forAccount(deps.sellers, caller.accountId).findById(caller.userId).lean();
  if (!seller) throw accountNotFound();
  return seller;
}

/**
 * The signed-in seller, once the current password they typed is right: wrong ones count as failed
 * sign-ins of their address, so this cannot be used to guess the password either.
 */
export async function sellerConfirmedByPassword(
  deps: AuthDeps,
  caller: AuthContext,
  password: string,
  ip: string,
): Promise<SellerDocument> {
  const seller = await sellerOf(deps, caller);
  const matches = await checkPassword(
    deps,
    { kind: 'seller', email: seller.email, ip },
    seller.passwordHash,
    password,
  );
  if (!matches) throw badRequest(accountMessages.currentPasswordWrong);
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
