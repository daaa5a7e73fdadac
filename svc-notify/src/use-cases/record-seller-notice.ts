import type { PayloadOf, sellerNoticeRequested } from '@onvelope/contracts';
import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { untriedDelivery, type NotificationModel } from '../data/notification.model.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import { settingsOf } from './notification-settings.js';

export interface SellerNoticeDeps {
  notifications: NotificationModel;
  settings: NotificationSettingsModel;
  now: () => Date;
  /** Wakes the sender when something was queued. */
  queued: () => void;
}

/** The outbox key of a notice: one message per notice id of an account, however often asked. */
export const noticeEntryId = (noticeId: string) => `notice:${noticeId}`;

/**
 * A service asked svc-notify to tell the seller something (`notify.seller-notice.requested`): the
 * request becomes one message in the outbox, to the seller's own account address (looked up when
 * it is sent). A buyer's query of a seller who chose the daily digest is `held` for it instead.
 * Billing and store-front notices are about the seller's account: no setting, no closed workspace
 * and no suppression stops them. Safe to run again on a redelivery: the outbox's unique key keeps
 * one message per notice id.
 */
export async function recordSellerNotice(
  deps: SellerNoticeDeps,
  payload: PayloadOf<typeof sellerNoticeRequested>,
): Promise<void> {
  const { accountId, notice } = payload;
  const now = deps.now();
  const held =
    notice.kind === 'buyer_query' &&
    (await settingsOf(deps.settings, accountId)).buyerQueries === 'daily_digest';
  try {
    await deps.notifications.create({
      accountId,
      entryId: noticeEntryId(payload.noticeId),
      milestone: null,
      problem: null,
      kind: 'seller',
      to: null,
      state: held ? 'held' : 'queued',
      reason: null,
      order: null,
      notice: {
        noticeId: payload.noticeId,
        requestedAt: new Date(payload.requestedAt),
        body: notice,
      },
      heldForDigest: held,
      digestId: null,
      digestUntil: null,
      queryCount: null,
      ...untriedDelivery(now, held ? null : now),
    });
  } catch (error) {
    // Asked before (a redelivery, or the publisher's relay publishing its record twice).
    if (isDuplicateKeyError(error)) return;
    throw error;
  }
  if (!held) deps.queued();
}

/**
 * svc-auth published the seller's profile: messages to the seller that waited for the address go
 * now rather than at their next look.
 */
export async function wakeMessagesAwaitingAddress(
  deps: Pick<SellerNoticeDeps, 'notifications' | 'now' | 'queued'>,
  accountId: string,
): Promise<void> {
  const woken = await forAccount(deps.notifications, accountId).updateMany(
    { state: 'queued', reason: 'awaiting_seller_address' },
    { $set: { nextAttemptAt: deps.now() } },
  );
  if (woken.modifiedCount > 0) deps.queued();
}
