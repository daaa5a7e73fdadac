import type { BuyerNotice } from '@onvelope/contracts';
import { headerText } from './header-text.js';
import { DEFAULT_ACCENT, orderLabel, type SellerLook } from './message-content.js';
import { quotedLines } from './seller-message-content.js';

/**
 * The words of the messages other services ask svc-notify to send a buyer (issue 34): today the
 * seller's reply to the buyer's query, which svc-orders mailed itself before
 * (`svc-orders/src/domain/reply-mail.ts`: the reply, the question it answers, where signed-in
 * buyers find it). Pure: the template lays them out and escapes every value; the subject is one
 * header line. The buyer's and the seller's words are untrusted text and only ever appear as text.
 */

export type QueryReply = Extract<BuyerNotice, { kind: 'query_reply' }>;

export interface QueryReplyInput {
  notice: QueryReply;
  /** The seller's look: the store name heads the message (as in a milestone's). */
  seller: SellerLook;
  /** The store's name for the words; null while svc-notify does not know it ("The seller"). */
  sellerName: string | null;
  /** The buyer portal, where a buyer with an account finds the reply. */
  portalUrl: string;
  unsubscribeUrl: string | null;
  /** Whether replying to the mail reaches the seller (a Reply-To is known). */
  canReply: boolean;
}

export interface QueryReplyContent {
  subject: string;
  preview: string;
  storeName: string;
  logoUrl: string | null;
  accentColor: string;
  greeting: string;
  headline: string;
  /** The line before the seller's words. */
  intro: string;
  /** The seller's reply, line by line. */
  reply: string[];
  /** The buyer's question: its subject and its words, line by line. */
  question: { subject: string; lines: string[] };
  details: { label: string; value: string }[];
  action: { label: string; url: string };
  /** What follows the button (how to answer, where else the reply is). */
  after: string[];
  /** Why the buyer gets this message. */
  why: string;
  unsubscribeUrl: string | null;
}

/** The seller's reply to a buyer's query, with the question it answers. */
export function queryReplyContent(input: QueryReplyInput): QueryReplyContent {
  const { notice, seller } = input;
  const store = headerText(seller.storeName, 80) || 'the shop';
  const who = headerText(input.sellerName ?? '', 80) || 'The seller';
  const order = orderLabel(notice.orderNumber);
  const subjectLine = headerText(notice.subject, 150);
  const name = headerText(notice.customerName, 80);
  return {
    subject: headerText(`Re: ${subjectLine || 'your question'} (order ${order})`, 200),
    preview: `${who} replied to your question about order ${order}.`,
    storeName: store,
    logoUrl: seller.logoUrl,
    accentColor: seller.accentColor ?? DEFAULT_ACCENT,
    greeting: name ? `Hi ${name},` : 'Hello,',
    headline: `${who} replied to your question`,
    intro: `${who} replied to your question about order ${order}:`,
    reply: quotedLines(notice.reply),
    question: { subject: subjectLine || '(no subject)', lines: quotedLines(notice.message) },
    details: [{ label: 'Order', value: order }],
    action: { label: 'Open your buyer account', url: input.portalUrl },
    after: [
      ...(input.canReply ? [`To answer ${who}, reply to this e-mail.`] : []),
      `With a buyer account for this e-mail address you also find the reply at ${input.portalUrl}.`,
    ],
    why: `You are receiving this e-mail because you sent ${store} a question about order ${order}.`,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}
