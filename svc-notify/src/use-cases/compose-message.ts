import type { NotificationMilestone, NotificationSettings } from '@onvelope/contracts';
import type { MailMessage } from '@onvelope/service-kit';
import type { NotificationDocument } from '../data/notification.model.js';
import { headerText } from '../domain/header-text.js';
import type { OrderSnapshot } from '../domain/message-content.js';
import { renderMessage } from '../templates/render-message.js';
import { trackingUrlOf, unsubscribeHeaders, unsubscribeUrlOf, type LinkDeps } from './links.js';
import type { SellerFacts } from './seller-facts.js';

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
  const replyTo = settings.replyTo ?? seller.email;
  return {
    to: doc.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    fromName: headerText(settings.senderName ?? seller.storeName, 80),
    ...(replyTo ? { replyTo } : {}),
    messageId: messageIdOf(deps, doc._id),
    headers: {
      ...autoSubmitted,
      ...(unsubscribeUrl ? unsubscribeHeaders(deps, unsubscribeUrl) : {}),
    },
  };
}
