import mongoose from 'mongoose';
import { randomUUID } from 'node:crypto';
import { forAccount, notFound } from '@onvelope/service-kit';
import {
  orderQueryModel,
  toOrderQuery,
  type OrderQueryDocument,
} from '../data/order-query.model.js';
import { replyMail } from '../domain/reply-mail.js';
import type { BuyerDeps } from './buyer-deps.js';
import { merchantOf } from './seller-profiles.js';

export const queryMessages = {
  notFound: 'Query not found',
  replySent: 'Reply sent',
  replySentMailFailed:
    'Reply saved, but the email to the buyer could not be sent. They see it in their buyer account.',
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
 * `statusAfterSellerSawIt`) and emails the buyer. The reply is stored first: when the mail
 * cannot go out it is still there for the buyer's portal, and the seller is told.
 */
export async function replyToQuery(
  deps: BuyerDeps,
  accountId: string,
  id: string,
  message: string,
) {
  if (!mongoose.isValidObjectId(id)) throw notFound(queryMessages.notFound);
  const queries = queriesOf(deps, accountId);
  const reply = { id: randomUUID(), message, sentAt: deps.now() };
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

  const mailed = await emailReply(deps, query, message);
  return {
    query: toOrderQuery(query),
    message: mailed ? queryMessages.replySent : queryMessages.replySentMailFailed,
  };
}

async function emailReply(
  deps: BuyerDeps,
  query: OrderQueryDocument,
  reply: string,
): Promise<boolean> {
  try {
    const merchant = await merchantOf(deps, query.accountId);
    const mail = replyMail({
      customerName: query.customerName,
      orderNumber: query.orderNumber,
      subject: query.subject,
      message: query.message,
      reply,
      merchantName: merchant?.name ?? null,
      portalUrl: `${deps.settings.publicSiteUrl.replace(/\/+$/, '')}/customer-dashboard`,
    });
    await deps.mailer.send({ to: query.customerEmail, ...mail });
    return true;
  } catch (error) {
    deps.log.warn({ err: error, queryId: String(query._id) }, 'reply mail not sent');
    return false;
  }
}
