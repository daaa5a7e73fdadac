import mongoose from 'mongoose';
import { randomUUID } from 'node:crypto';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import {
  orderQueryModel,
  toOrderQuery,
  type OrderQueryDocument,
} from '../data/order-query.model.js';
import type { BuyerDeps } from './buyer-deps.js';
import { tellBuyerAboutReplies } from './query-notices.js';

export const queryMessages = {
  notFound: 'Query not found',
  replySent: 'Reply sent',
} as const;

// The inbox has no paging in the contracts; the newest 1,000 are far more than a screen shows.
export const INBOX_LIMIT = 1_000;

const queriesOf = (deps: Pick<BuyerDeps, 'db'>, accountId: string) =>
  forAccount(orderQueryModel(deps.db), accountId);

/** Spec 000 §7 GET /api/public/seller-queries: the seller's queries, newest first, with replies. */
export async function listSellerQueries(deps: Pick<BuyerDeps, 'db'>, accountId: string) {
  const queries = await queriesOf(deps, accountId)
    .find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(INBOX_LIMIT)
    .lean<OrderQueryDocument[]>();
  return { queries: queries.map(toOrderQuery) };
}

/** Spec 000 §4: opening a new query marks it viewed ('In Review'); other statuses stay. */
export async function markQueryRead(deps: Pick<BuyerDeps, 'db'>, accountId: string, id: string) {
  if (!mongoose.isValidObjectId(id)) throw notFound(queryMessages.notFound);
  const queries = queriesOf(deps, accountId);
  const query =
    (await queries
      .findOneAndUpdate({ _id: id, status: 'sent' }, { $set: { status: 'viewed' } })
      .lean<OrderQueryDocument>()) ?? (await queries.findById(id).lean<OrderQueryDocument>());
  if (!query) throw notFound(queryMessages.notFound);
  return { query: toOrderQuery(query) };
}

/**
 * The seller marks a query resolved (beyond the specs: otherwise an answered query stays 'In
 * Review' until the buyer closes it). Resolving twice changes nothing.
 */
export async function resolveSellerQuery(
  deps: Pick<BuyerDeps, 'db'>,
  accountId: string,
  id: string,
) {
  if (!mongoose.isValidObjectId(id)) throw notFound(queryMessages.notFound);
  const query = await queriesOf(deps, accountId)
    .findOneAndUpdate({ _id: id }, { $set: { status: 'resolved' } })
    .lean<OrderQueryDocument>();
  if (!query) throw notFound(queryMessages.notFound);
  return { query: toOrderQuery(query) };
}

/**
 * Spec 000 §7 reply: appends the reply, moves a new query to viewed (see
 * `statusAfterSellerSawIt`) and asks svc-notify to mail it to the buyer (issue 34: svc-notify
 * owns the mail, its retries and its record). The reply is stored with its notice owed in one
 * write; asking is the second. When asking fails the reply is still stored, and the sweep asks
 * later (`startQueryNoticeSweep`), so the seller is told 'Reply sent' either way: what became of
 * the mail shows in svc-notify's history.
 */
export async function replyToQuery(
  deps: Pick<BuyerDeps, 'db' | 'log' | 'now' | 'notices'>,
  accountId: string,
  id: string,
  message: string,
) {
  if (!mongoose.isValidObjectId(id)) throw notFound(queryMessages.notFound);
  const queries = queriesOf(deps, accountId);
  // In the reply's own write: a reply is never stored without its buyer notice owed.
  const reply = { id: randomUUID(), message, sentAt: deps.now(), noticePending: true };
  const push = { $push: { replies: reply }, $inc: { replyCount: 1 } };
  // Two single-document updates, each atomic: a new query also becomes viewed; any other keeps
  // its status (a resolved query stays resolved).
  const query =
    (await queries
      .findOneAndUpdate({ _id: id, status: 'sent' }, { ...push, $set: { status: 'viewed' } })
      .lean<OrderQueryDocument>()) ??
    (await queries
      .findOneAndUpdate({ _id: id, status: { $ne: 'sent' } }, push)
      .lean<OrderQueryDocument>());
  if (!query) throw notFound(queryMessages.notFound);

  try {
    await tellBuyerAboutReplies(deps, query);
  } catch (error) {
    // The reply is stored, which is what the seller asked for; the sweep asks again later.
    deps.log.warn(
      { err: error, queryId: String(query._id) },
      'asking svc-notify to mail a reply to the buyer failed; the sweep will ask again',
    );
  }
  return { query: toOrderQuery(query), message: queryMessages.replySent };
}
