import type { NotificationMilestone, ProblemKind } from '@onvelope/contracts';
import { conflict, tooManyRequests } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import { randomUUID } from 'node:crypto';
import { untriedDelivery, type NotificationModel } from '../data/notification.model.js';
import { sampleOrder } from '../domain/message-content.js';
import type { SellerFactsReader } from './seller-facts.js';

export interface SendTestDeps {
  notifications: NotificationModel;
  sellers: SellerFactsReader;
  now: () => Date;
  perHour: number;
  queued: () => void;
}

/**
 * "Send me a test": the milestone's message with the sample order, queued like any other and
 * sent by the same loop, to the seller's own account address only (never an address the call
 * names, so the button cannot mail strangers). A few an hour.
 */
export async function sendTest(
  deps: SendTestDeps,
  accountId: string,
  request: { milestone: NotificationMilestone; problem?: ProblemKind | undefined },
): Promise<{ sentTo: string; notificationId: string }> {
  const { email } = await deps.sellers.factsOf(accountId);
  if (!email) {
    throw conflict('We do not know your e-mail address yet. Please try again in a minute.');
  }
  const now = deps.now();
  const mine = forAccount(deps.notifications, accountId);
  const lastHour = await mine.countDocuments({
    kind: 'test',
    createdAt: { $gt: new Date(now.getTime() - 3_600_000) },
  });
  if (lastHour >= deps.perHour) {
    throw tooManyRequests('Too many test e-mails. Please try again later.', 3_600);
  }
  const created = await mine.create({
    entryId: `test:${randomUUID()}`,
    milestone: request.milestone,
    problem: request.milestone === 'problem' ? (request.problem ?? 'failed_attempt') : null,
    kind: 'test',
    to: email,
    state: 'queued',
    reason: null,
    order: sampleOrder(now),
    ...untriedDelivery(now, now),
  });
  deps.queued();
  return { sentTo: email, notificationId: created._id.toString() };
}
