import mongoose from 'mongoose';
import { buyerMessages, getCustomerEmail } from '@onvelope/contracts';
import { conflict, HttpError, notFound } from '@onvelope/service-kit/errors';
import { requestCommand } from '@onvelope/service-kit/nats';
import {
  orderQueryModel,
  toOrderQuery,
  type OrderQueryDocument,
} from '../data/order-query.model.js';
import { normaliseEmail } from '../domain/buyer-match.js';
import { whyNotResolvable } from '../domain/order-query-status.js';
import { queryMessages } from './answer-order-queries.js';
import type { BuyerDeps } from './buyer-deps.js';

export const buyerQueryMessages = {
  unavailable: 'Your queries cannot be loaded right now. Please try again in a moment.',
} as const;

/**
 * The address whose queries are the buyer's: their account's email, asked of svc-auth (the token
 * carries only the buyer's id), and only while it is verified. Queries are sent from the public
 * tracking page without signing in, so the address is what ties them to an account.
 */
async function verifiedEmailOf(deps: BuyerDeps, customerId: string): Promise<string | null> {
  try {
    const { email, isVerified } = await requestCommand(
      deps.nats,
      getCustomerEmail,
      { customerId },
      deps.settings.authTimeoutMs,
    );
    return isVerified ? normaliseEmail(email) : null;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return null;
    deps.log.warn({ err: error }, 'buyer email unavailable');
    throw new HttpError(503, buyerQueryMessages.unavailable);
  }
}

/** Spec 001 §7 GET /api/order-queries/customer: the buyer's queries, newest first, with replies. */
export async function listCustomerQueries(deps: BuyerDeps, customerId: string) {
  const email = await verifiedEmailOf(deps, customerId);
  if (!email) return { queries: [] };
  const queries = await orderQueryModel(deps.db)
    .find({ customerEmailKey: email })
    .sort({ createdAt: -1 })
    .lean<OrderQueryDocument[]>();
  return { queries: queries.map(toOrderQuery) };
}

/**
 * Spec 001 §4: the buyer marks their query resolved, only once it has a reply (409 before). Only
 * the query's buyer: anybody else's query is 404. Resolving twice changes nothing.
 */
export async function resolveQuery(deps: BuyerDeps, customerId: string, id: string) {
  if (!mongoose.isValidObjectId(id)) throw notFound(queryMessages.notFound);
  const email = await verifiedEmailOf(deps, customerId);
  if (!email) throw notFound(queryMessages.notFound);
  const queries = orderQueryModel(deps.db);
  const query = await queries.findOne({ _id: id, customerEmailKey: email }).lean();
  if (!query) throw notFound(queryMessages.notFound);
  if (whyNotResolvable(query) === 'needs-reply') throw conflict(buyerMessages.resolveNeedsReply);
  // Replies are never taken back, so the check above still holds for this write.
  const resolved = await queries
    .findOneAndUpdate({ _id: id }, { $set: { status: 'resolved' } }, { returnDocument: 'after' })
    .lean<OrderQueryDocument>();
  if (!resolved) throw notFound(queryMessages.notFound);
  return { query: toOrderQuery(resolved), message: 'Query marked as resolved successfully!' };
}
