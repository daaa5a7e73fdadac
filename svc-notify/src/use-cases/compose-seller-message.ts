import type { MailMessage } from '@onvelope/service-kit/mail';
import type { NotificationDocument } from '../data/notification.model.js';
import {
  digestContent,
  sellerNoticeContent,
  type DigestQuery,
  type SellerMessageContent,
} from '../domain/seller-message-content.js';
import { renderSellerMessage } from '../templates/render-message.js';
import { autoSubmitted, messageIdOf } from './compose-message.js';

/**
 * The mail of a message to the seller: a notice, or a digest with its queries; rendered when it
 * is sent, dated in the seller's time zone of that moment. It goes from the product's own address
 * and name (`MAIL_FROM`) to the seller's account address only, with no unsubscribe header: it is
 * the seller's own account mail, and the footer says why they get it. Null for a document that
 * holds nothing to say (never made so; a guard for the types).
 */
export async function composeSellerMessage(
  deps: { publicSiteUrl: string },
  doc: Pick<NotificationDocument, '_id' | 'kind' | 'notice' | 'digestUntil' | 'createdAt'>,
  recipient: { to: string; timeZone: string },
  queries: DigestQuery[],
): Promise<MailMessage | null> {
  const context = {
    timeZone: recipient.timeZone,
    sellerEmail: recipient.to,
    siteUrl: deps.publicSiteUrl,
  };
  let content: SellerMessageContent;
  if (doc.kind === 'digest') {
    content = digestContent(queries, context, doc.digestUntil ?? doc.createdAt);
  } else if (doc.notice) {
    content = sellerNoticeContent(doc.notice.body, context, doc.notice.requestedAt);
  } else {
    return null;
  }
  const rendered = await renderSellerMessage(content);
  return {
    to: recipient.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: messageIdOf(deps, doc._id),
    headers: { ...autoSubmitted },
  };
}
