import type { SellerMessageKind } from '@onvelope/contracts';
import type { NotificationDocument } from '../data/notification.model.js';

/** What a message to the seller is about, as "Messages to you" lists it; null for other kinds. */
export function sellerMessageKindOf(
  doc: Pick<NotificationDocument, 'kind' | 'notice'>,
): SellerMessageKind | null {
  if (doc.kind === 'digest') return 'buyer_query_digest';
  if (doc.kind === 'seller' && doc.notice) return doc.notice.body.kind;
  return null;
}
