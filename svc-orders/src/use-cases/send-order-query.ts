import type { z } from 'zod';
import { buyerMessages, type sendOrderQueryRequest } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import { orderQueryModel, toOrderQuery } from '../data/order-query.model.js';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { lookupMessages } from '../domain/attempt-limits.js';
import { normaliseEmail, orderNumberVariants } from '../domain/buyer-match.js';
import type { BuyerDeps } from './buyer-deps.js';
import { countAttempt, refuseWhenExhausted } from './limit-attempts.js';
import { tellSellerAboutQuery } from './query-notices.js';

/**
 * Spec 001 §7 POST /api/order-queries: a buyer asks the seller about an order. The order must be
 * that seller's and the address the order's (else the same 404 as a lookup), so nobody can post
 * queries under orders they do not know. Every attempt counts against the caller's hourly limit.
 * Once the query is stored, svc-notify is asked to tell the seller (issue 34).
 */
export async function sendOrderQuery(
  deps: Pick<BuyerDeps, 'db' | 'log' | 'now' | 'settings' | 'notices'>,
  request: z.infer<typeof sendOrderQueryRequest>,
  ip: string,
) {
  const checks = [
    {
      limit: { name: 'query-ip', max: deps.settings.queryMaxPerIp, windowMs: 60 * 60_000 },
      key: ip,
    },
  ];
  await refuseWhenExhausted(deps, checks, lookupMessages.tooManyQueries);
  await countAttempt(deps, checks);

  const emailKey = normaliseEmail(request.customerEmail) ?? '';
  const entries = await forAccount(trackingEntryModel(deps.db), request.accountId)
    .find({ orderNumber: { $in: orderNumberVariants(request.orderNumber) } })
    .lean<TrackingEntryDocument[]>();
  const entry = entries.find((candidate) => normaliseEmail(candidate.email) === emailKey);
  if (!entry) throw notFound(buyerMessages.orderNotFound);

  const query = await orderQueryModel(deps.db).create({
    accountId: entry.accountId,
    entryId: String(entry._id),
    orderNumber: entry.orderNumber,
    customerName: request.customerName || nameOnOrder(entry),
    customerEmail: request.customerEmail,
    customerEmailKey: emailKey,
    subject: request.subject,
    message: request.message,
    status: 'sent',
    // Spec 000 §3: the seller sees the order's items (a product name may follow 'product_name:').
    items: entry.items ?? (entry.productName ? `product_name:${entry.productName}` : null),
    // In the query's own write: a query is never stored without its notice owed (see the sweep).
    sellerNoticePending: true,
  });
  const stored = query.toObject();
  try {
    await tellSellerAboutQuery(deps, stored);
  } catch (error) {
    // The buyer's query is stored, which is what they asked for; the sweep asks again later.
    deps.log.warn(
      { err: error, queryId: String(stored._id) },
      'asking svc-notify to tell the seller of a query failed; the sweep will ask again',
    );
  }
  return { query: toOrderQuery(stored), message: buyerMessages.querySent };
}

/** The buyer's name as the order has it, for a query sent without one. */
function nameOnOrder(entry: TrackingEntryDocument): string {
  return (entry.customerName ?? [entry.firstName, entry.lastName].filter(Boolean).join(' ')).trim();
}
