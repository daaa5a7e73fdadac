import { isDeliverableEmail, type buyerNoticeRequested, type PayloadOf } from '@onvelope/contracts';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { untriedDelivery, type NotificationModel } from '../data/notification.model.js';
import { noticeEntryId } from './record-seller-notice.js';

export interface BuyerNoticeDeps {
  notifications: NotificationModel;
  now: () => Date;
  /** Wakes the sender when something was queued. */
  queued: () => void;
}

/**
 * A service asked svc-notify to mail one of the seller's buyers (`notify.buyer-notice.requested`:
 * the seller's reply to a query): the request becomes one message in the outbox, to the address
 * the request names and nowhere else, keyed by its notice id like a seller's notice
 * (`notice:<noticeId>`), so a redelivery or a second request finds it there. An address that
 * cannot be delivered to is recorded `skipped` / `no_customer_email`. The seller's suppression list
 * is checked when it is sent (`suppressed` / `address_suppressed`), as a milestone's is. No
 * milestone setting applies (the seller wrote it), nor the workspace's state: the reply call is
 * behind the subscription gate, so a reply was written while the workspace was open, and the buyer
 * waits for it.
 */
export async function recordBuyerNotice(
  deps: BuyerNoticeDeps,
  payload: PayloadOf<typeof buyerNoticeRequested>,
): Promise<void> {
  const { accountId, notice } = payload;
  const now = deps.now();
  const to = payload.to.trim().toLowerCase();
  const deliverable = isDeliverableEmail(to);
  try {
    await deps.notifications.create({
      accountId,
      entryId: noticeEntryId(payload.noticeId),
      milestone: null,
      problem: null,
      kind: 'buyer_notice',
      to: to || null,
      state: deliverable ? 'queued' : 'skipped',
      reason: deliverable ? null : 'no_customer_email',
      order: null,
      notice: null,
      buyerNotice: {
        noticeId: payload.noticeId,
        requestedAt: new Date(payload.requestedAt),
        body: notice,
      },
      ...(notice.entryId ? { orderEntryId: notice.entryId } : {}),
      heldForDigest: false,
      digestId: null,
      digestUntil: null,
      queryCount: null,
      ...untriedDelivery(now, deliverable ? now : null),
    });
  } catch (error) {
    // Asked before (a redelivery, or the publisher's relay publishing its record twice).
    if (isDuplicateKeyError(error)) return;
    throw error;
  }
  if (deliverable) deps.queued();
}
