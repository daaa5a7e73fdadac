import { Types } from 'mongoose';
import type { Logger } from '@onvelope/service-kit/observability';
import { isBuyerMessage, type NotificationModel } from '../data/notification.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import type { Bounce } from '../domain/delivery-status.js';
import { suppress } from './suppressions.js';

export interface RecordBounceDeps {
  notifications: NotificationModel;
  suppressions: SuppressionModel;
  log: Logger;
  now: () => Date;
}

/**
 * A delivery report about one message (named by its VERP-tagged envelope sender, so genuine): the
 * message's history shows it, and a permanent failure of a buyer's message fails it and suppresses
 * the address for that seller, as a refusal in the SMTP answer does. A delay is a note only.
 * Idempotent: a report delivered twice finds the message failed and the address suppressed.
 */
export async function recordBounce(
  deps: RecordBounceDeps,
  notificationId: string,
  bounce: Bounce,
): Promise<void> {
  const _id = new Types.ObjectId(notificationId);
  const doc = await deps.notifications.findById(_id).lean();
  if (!doc) {
    // A message deleted since (the seller cleared their data): nothing left to tell.
    deps.log.info({ notificationId }, 'delivery report about a message no longer kept');
    return;
  }
  const now = deps.now();
  const stored = {
    action: bounce.action,
    status: bounce.status,
    detail: bounce.detail,
    reportedAt: now,
  };
  if (!bounce.permanent) {
    // Only a message still counted as sent takes a note: a failure recorded already stays.
    await deps.notifications.updateOne(
      { _id, state: 'sent' },
      { $set: { bounce: stored, updatedAt: now } },
    );
    return;
  }
  await deps.notifications.updateOne(
    { _id, state: 'sent' },
    { $set: { state: 'failed', reason: 'address_bounced', bounce: stored, updatedAt: now } },
  );
  if (isBuyerMessage(doc) && doc.to) {
    await suppress(
      deps.suppressions,
      { accountId: doc.accountId, email: doc.to, reason: 'bounced', detail: bounce.detail },
      now,
    );
  }
  deps.log.info(
    { notificationId, accountId: doc.accountId, status: bounce.status },
    'message bounced',
  );
}
