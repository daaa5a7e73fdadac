import type { BuyerNotice, NotificationMilestone, NotificationSettings } from '@onvelope/contracts';
import type { MailMessage } from '@onvelope/service-kit/mail';
import type { NotificationDocument, StoredNotice } from '../data/notification.model.js';
import { queryReplyContent } from '../domain/buyer-notice-content.js';
import { headerText } from '../domain/header-text.js';
import type { OrderSnapshot } from '../domain/message-content.js';
import { renderMessage, renderQueryReply } from '../templates/render-message.js';
import {
  buyerPortalUrlOf,
  trackingUrlOf,
  unsubscribeHeaders,
  unsubscribeUrlOf,
  type LinkDeps,
} from './links.js';
import { UNNAMED_STORE, type SellerFacts } from './seller-facts.js';

export interface ComposeDeps extends LinkDeps {
  itemsShown: number;
}

/**
 * `<notify-<id>@<site host>>`: the same on every try of one message, so a receiving system may
 * drop a copy sent again after a crash.
 */
export function messageIdOf(deps: Pick<LinkDeps, 'publicSiteUrl'>, id: { toString(): string }) {
  const host = new URL(deps.publicSiteUrl).hostname || 'onvelope.local';
  return `<notify-${id.toString()}@${host}>`;
}

/** RFC 3834: no out-of-office replies to a machine's message. */
export const autoSubmitted = { 'Auto-Submitted': 'auto-generated' } as const;

/**
 * The mail of one outbox document: rendered when it is sent, in the seller's look of that moment.
 * A buyer message carries the unsubscribe headers and link; a seller's test goes to the seller
 * and carries neither.
 */
export async function composeMessage(
  deps: ComposeDeps,
  doc: Pick<NotificationDocument, '_id' | 'accountId' | 'entryId' | 'problem' | 'kind'> & {
    to: string;
    milestone: NotificationMilestone;
    order: OrderSnapshot;
  },
  seller: SellerFacts,
  settings: NotificationSettings,
): Promise<MailMessage> {
  const test = doc.kind === 'test';
  const unsubscribeUrl = test
    ? null
    : unsubscribeUrlOf(deps, { accountId: doc.accountId, email: doc.to });
  const trackingUrl = test
    ? `${deps.publicSiteUrl.replace(/\/+$/, '')}/track?order=${encodeURIComponent(doc.order.orderNumber)}`
    : await trackingUrlOf(deps, {
        accountId: doc.accountId,
        entryId: doc.entryId,
        orderNumber: doc.order.orderNumber,
        email: doc.to,
      });
  const rendered = await renderMessage({
    milestone: doc.milestone,
    problem: doc.problem,
    order: doc.order,
    seller: {
      storeName: seller.storeName,
      timeZone: seller.timeZone,
      logoUrl: settings.logoUrl,
      accentColor: settings.accentColor,
    },
    trackingUrl,
    unsubscribeUrl,
    itemsShown: deps.itemsShown,
    test,
  });
  return {
    to: doc.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...fromTheSeller(deps, doc, seller, settings, unsubscribeUrl),
  };
}

/**
 * The headers every message to a seller's buyer carries: the seller's sender name (else store
 * name) on the product's own address, their Reply-To (else their account address), the message's
 * own Message-ID, Auto-Submitted, and the one-click unsubscribe headers (none in a test).
 */
function fromTheSeller(
  deps: ComposeDeps,
  doc: Pick<NotificationDocument, '_id'>,
  seller: SellerFacts,
  settings: NotificationSettings,
  unsubscribeUrl: string | null,
): Pick<MailMessage, 'fromName' | 'replyTo' | 'messageId' | 'headers'> {
  const replyTo = settings.replyTo ?? seller.email;
  return {
    fromName: headerText(settings.senderName ?? seller.storeName, 80),
    ...(replyTo ? { replyTo } : {}),
    messageId: messageIdOf(deps, doc._id),
    headers: {
      ...autoSubmitted,
      ...(unsubscribeUrl ? unsubscribeHeaders(deps, unsubscribeUrl) : {}),
    },
  };
}

/**
 * The mail of a buyer's notice another service asked for (`buyerNoticeRequested`), rendered when
 * it is sent in the seller's look of that moment, with the same headers as a milestone message:
 * today the seller's reply to the buyer's query, linking the buyer portal.
 */
export async function composeBuyerNotice(
  deps: ComposeDeps,
  doc: Pick<NotificationDocument, '_id' | 'accountId'> & {
    to: string;
    buyerNotice: StoredNotice<BuyerNotice>;
  },
  seller: SellerFacts,
  settings: NotificationSettings,
): Promise<MailMessage> {
  const unsubscribeUrl = unsubscribeUrlOf(deps, { accountId: doc.accountId, email: doc.to });
  const extras = fromTheSeller(deps, doc, seller, settings, unsubscribeUrl);
  const rendered = await renderQueryReply(
    queryReplyContent({
      notice: doc.buyerNotice.body,
      seller: {
        storeName: seller.storeName,
        timeZone: seller.timeZone,
        logoUrl: settings.logoUrl,
        accentColor: settings.accentColor,
      },
      sellerName: seller.storeName === UNNAMED_STORE ? null : seller.storeName,
      portalUrl: buyerPortalUrlOf(deps),
      unsubscribeUrl,
      canReply: Boolean(extras.replyTo),
    }),
  );
  return {
    to: doc.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...extras,
  };
}
