import { Types } from 'mongoose';
import type { Logger } from '@onvelope/service-kit/observability';
import { isBuyerMessage, type NotificationModel } from '../data/notification.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import type { UnsubscribeClaims } from '../domain/unsubscribe-token.js';
import { suppress } from './suppressions.js';

export interface RecordComplaintDeps {
  notifications: NotificationModel;
  suppressions: SuppressionModel;
  log: Logger;
  now: () => Date;
}

/**
 * Who a complaint is about, each named by something this service signed (so genuine): the
 * messages of the bounce addresses it came to or quotes, and the unsubscribe links it quotes.
 */
export interface ComplaintSubjects {
  notificationIds: string[];
  unsubscribeClaims: UnsubscribeClaims[];
}

/** At most this many buyers per report: a report is about one message. */
const MAX_SUBJECTS = 10;

/**
 * A buyer marked a seller's message as spam: the seller's mails stop going to them (`complaint`),
 * shown in the seller's list and lifted as a bounce is. The buyer is the message's own recipient
 * as stored (or the address its unsubscribe link names), never an address the report's text
 * gives. A complaint about a seller's own account mail suppresses nothing. Idempotent.
 */
export async function recordComplaint(
  deps: RecordComplaintDeps,
  subjects: ComplaintSubjects,
  detail: string | null,
): Promise<void> {
  const ids = subjects.notificationIds.slice(0, MAX_SUBJECTS).map((id) => new Types.ObjectId(id));
  const messages = ids.length
    ? await deps.notifications.find({ _id: { $in: ids } }, { kind: 1, accountId: 1, to: 1 }).lean()
    : [];
  const buyers = new Map<string, UnsubscribeClaims>();
  for (const message of messages) {
    if (isBuyerMessage(message) && message.to) {
      buyers.set(JSON.stringify([message.accountId, message.to]), {
        accountId: message.accountId,
        email: message.to,
      });
    }
  }
  for (const claims of subjects.unsubscribeClaims.slice(0, MAX_SUBJECTS)) {
    buyers.set(JSON.stringify([claims.accountId, claims.email]), claims);
  }
  const now = deps.now();
  for (const buyer of buyers.values()) {
    await suppress(deps.suppressions, { ...buyer, reason: 'complaint', detail }, now);
  }
  deps.log.info(
    { messages: messages.length, accountIds: [...buyers.values()].map((buyer) => buyer.accountId) },
    buyers.size ? 'spam complaint: buyer suppressed' : 'spam complaint about no buyer message',
  );
}
