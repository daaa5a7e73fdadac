import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';

/**
 * Issue 34: what services ask svc-notify to mail, kept a fortnight so an outage of svc-notify loses
 * nothing. svc-notify owns every template and the SMTP connection; a service states a fact here
 * and never talks to SMTP for it.
 */
export const notifyStream = defineStream({
  name: 'NOTIFY',
  subjects: ['notify.>'],
  maxAgeSeconds: 14 * 24 * 3_600,
});

const text = (max: number) => z.string().max(max);

/** What happened that the seller must hear of, one kind a message. */
export const sellerNotice = z.discriminatedUnion('kind', [
  /** A buyer asked about an order (spec 001 §7 POST /api/order-queries). */
  z.object({
    kind: z.literal('buyer_query'),
    queryId: z.string().min(1),
    orderNumber: text(200),
    customerName: text(200),
    customerEmail: text(320),
    subject: text(500),
    message: text(5_000),
  }),
  /** The free trial ends in two days and no subscription will follow it. */
  z.object({ kind: z.literal('trial_ending'), trialEnd: z.iso.datetime() }),
  /** The free trial ended without a subscription: the workspace is closed. */
  z.object({ kind: z.literal('trial_ended'), trialEnd: z.iso.datetime() }),
  /** Stripe could not take a payment; the workspace stays open until `graceUntil`. */
  z.object({
    kind: z.literal('payment_failed'),
    /** In the currency's minor unit, as Stripe states it; null when not known. */
    amountDue: z.number().int().nonnegative().nullable(),
    currency: z.string().min(3).max(3).nullable(),
    graceUntil: z.iso.datetime().nullable(),
  }),
  /** The subscription ended (cancelled by the seller, or unpaid). */
  z.object({ kind: z.literal('subscription_cancelled'), endedAt: z.iso.datetime() }),
  /** A store-front sync stopped for good (after its retries). */
  z.object({
    kind: z.literal('sync_failed'),
    storeName: text(200).nullable(),
    reason: text(1_000),
  }),
  /** The store-front refused the stored authorisation: the seller must connect the store again. */
  z.object({ kind: z.literal('store_authorization_expired'), storeName: text(200).nullable() }),
  /** Issue 35: svc-notify disabled a webhook endpoint whose deliveries failed for days. */
  z.object({
    kind: z.literal('webhook_endpoint_disabled'),
    endpointId: z.string().min(1),
    url: text(2_000),
    failingSince: z.iso.datetime(),
    lastError: text(1_000).nullable(),
  }),
]);
export type SellerNotice = z.infer<typeof sellerNotice>;
export type SellerNoticeKind = SellerNotice['kind'];
export const sellerNoticeKinds = sellerNotice.options.map(
  (option) => option.shape.kind.value,
) as SellerNoticeKind[];

/**
 * What a buyer must hear of that a service other than svc-notify knows, one kind a message, mailed
 * by svc-notify on the seller's behalf (in the seller's look, under the seller's suppression list).
 * Kinds are unique across `sellerNotice` and `buyerNotice` (`fitNoticeTexts` finds a kind's limits
 * in either).
 */
export const buyerNotice = z.discriminatedUnion('kind', [
  /**
   * The seller answered the buyer's query (spec 000 §7 POST /api/public/seller-queries/{id}/reply):
   * the reply with the question it answers, as the buyer asked it.
   */
  z.object({
    kind: z.literal('query_reply'),
    queryId: z.string().min(1),
    replyId: z.string().min(1),
    /** The tracking entry the query was filed under: the order's history shows the message. */
    entryId: z.string().min(1).max(200).nullable(),
    orderNumber: text(200),
    customerName: text(200),
    subject: text(500),
    message: text(5_000),
    reply: text(5_000),
  }),
]);
export type BuyerNotice = z.infer<typeof buyerNotice>;
export type BuyerNoticeKind = BuyerNotice['kind'];
export const buyerNoticeKinds = buyerNotice.options.map(
  (option) => option.shape.kind.value,
) as BuyerNoticeKind[];

const ELLIPSIS = '…';

/**
 * `text` cut to at most `max` characters (UTF-16 units, as zod counts them), ending in an ellipsis
 * when it was cut. Never splits a surrogate pair: half an emoji is not a character.
 *
 * @example
 * truncateText('Where is my parcel?', 10) // 'Where is…'
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let cut = max - ELLIPSIS.length;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}${ELLIPSIS}`;
}

/** The longest string a field's schema takes, unwrapping `.nullable()`; null for no limit. */
function maxLengthOf(schema: z.ZodType | undefined): number | null {
  const inner = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  return inner instanceof z.ZodString ? inner.maxLength : null;
}

/**
 * The notice with every text cut to the contract's limit for its kind: a buyer's long message or a
 * store's long name is mailed shortened rather than refused by the notice's parse. The limits are
 * read from the schemas above (`sellerNotice` and `buyerNotice`), so they cannot drift from them.
 * The service kit's notice outbox fits every notice it is given.
 */
export function fitNoticeTexts<N extends SellerNotice | BuyerNotice>(notice: N): N {
  const option = [...sellerNotice.options, ...buyerNotice.options].find(
    (candidate) => candidate.shape.kind.value === notice.kind,
  );
  const shape: Record<string, z.ZodType> = option?.shape ?? {};
  const fitted: Record<string, unknown> = { ...notice };
  for (const [field, value] of Object.entries(notice)) {
    const max = typeof value === 'string' ? maxLengthOf(shape[field]) : null;
    if (max !== null) fitted[field] = truncateText(value as string, max);
  }
  return fitted as N;
}

/**
 * One message to a seller, asked for by the service that knows the fact. `noticeId` names the fact
 * (`billing:trial_ending:<accountId>:<trialEnd>`), so however often it is asked for the seller is
 * mailed once: JetStream drops a repeat within its window and svc-notify keeps one message per id.
 */
export const sellerNoticeRequested = defineEvent({
  subject: 'notify.seller-notice.requested',
  stream: notifyStream,
  payload: z.object({
    noticeId: z.string().min(1).max(300),
    accountId: z.string().min(1),
    requestedAt: z.iso.datetime(),
    notice: sellerNotice,
  }),
});

/**
 * One message to one of the seller's buyers, asked for by the service that knows the fact, mailed
 * by svc-notify (issue 34: one owner of outgoing mail) in the seller's look and under the seller's
 * suppression list. `to` is the buyer's address as the asking service knows it (a query's address,
 * which matched the order's when the query was accepted); svc-notify mails that address only.
 * `noticeId` names the fact (`orders:query_reply:<queryId>:<replyId>`): one message per id.
 * Published by the same outbox as the seller notices (the service kit's `startSellerNotices`).
 */
export const buyerNoticeRequested = defineEvent({
  subject: 'notify.buyer-notice.requested',
  stream: notifyStream,
  payload: z.object({
    noticeId: z.string().min(1).max(300),
    accountId: z.string().min(1),
    requestedAt: z.iso.datetime(),
    /** Not checked as an address here: svc-notify records an undeliverable one as skipped. */
    to: z.string().min(1).max(320),
    notice: buyerNotice,
  }),
});
