import { type Logger } from '@onvelope/service-kit/observability';
import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import {
  untriedDelivery,
  type NotificationDocument,
  type NotificationModel,
} from '../data/notification.model.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import { latestDigestTime } from '../domain/digest-time.js';
import type { DigestQuery } from '../domain/seller-message-content.js';
import { settingsOf } from './notification-settings.js';
import type { SellerFactsReader } from './seller-facts.js';

export interface DigestDeps {
  notifications: NotificationModel;
  settings: NotificationSettingsModel;
  sellers: Pick<SellerFactsReader, 'factsOf'>;
  log: Logger;
  now: () => Date;
  /** Wakes the sender when a digest (or a released query) was queued. */
  queued: () => void;
}

/** The outbox key of a seller's digest of one morning: one per account and local date. */
export const digestEntryId = (localDate: string) => `digest:${localDate}`;

/** Held queries (of the account they are scoped to) that no digest has taken yet. */
const waiting = { kind: 'seller' as const, state: 'held' as const, digestId: null };

/**
 * Queues the daily digests that are due. A seller with held queries gets one digest a morning:
 * at 08:00 on their own clock (`latestDigestTime`), when queries received before it wait. The
 * digest is one outbox document keyed by the seller's local date (`digest:<YYYY-MM-DD>`), so
 * however many replicas (or ticks) get here, one is made; the sender's lease then sends it once.
 * A seller who went back to one e-mail per query gets what was held at once, one by one.
 */
export async function queueDueDigests(deps: DigestDeps): Promise<void> {
  const { notifications } = deps;
  const accounts = (await notifications.distinct('accountId', {
    state: 'held',
    digestId: null,
  })) as string[];
  let queued = false;
  for (const accountId of accounts) {
    const now = deps.now();
    if ((await settingsOf(deps.settings, accountId)).buyerQueries === 'immediately') {
      const released = await forAccount(notifications, accountId).updateMany(waiting, {
        $set: { state: 'queued', heldForDigest: false, nextAttemptAt: now, updatedAt: now },
      });
      queued ||= released.modifiedCount > 0;
      continue;
    }
    const { timeZone } = await deps.sellers.factsOf(accountId);
    const due = latestDigestTime(now, timeZone);
    const dueQuery = await forAccount(notifications, accountId).exists({
      ...waiting,
      createdAt: { $lt: due.at },
    });
    if (!dueQuery) continue;
    try {
      await notifications.create({
        accountId,
        entryId: digestEntryId(due.localDate),
        milestone: null,
        problem: null,
        kind: 'digest',
        to: null,
        state: 'queued',
        reason: null,
        order: null,
        notice: null,
        heldForDigest: false,
        digestId: null,
        digestUntil: due.at,
        queryCount: null,
        ...untriedDelivery(now, now),
      });
      queued = true;
    } catch (error) {
      // This morning's digest exists (another replica, an earlier tick): queries received since
      // it took its list wait for tomorrow's.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  if (queued) deps.queued();
}

/**
 * The queries a digest lists, oldest first: it takes the held queries received before its morning
 * that no digest has, then reads every one it holds (so a second try of the same digest, after a
 * failed send or a lost lease, lists the same queries and any that came late before its morning).
 */
export async function gatherDigest(
  notifications: NotificationModel,
  digest: Pick<NotificationDocument, '_id' | 'accountId' | 'digestUntil'>,
): Promise<DigestQuery[]> {
  const accountNotifications = forAccount(notifications, digest.accountId);
  if (digest.digestUntil) {
    await accountNotifications.updateMany(
      { ...waiting, createdAt: { $lt: digest.digestUntil } },
      { $set: { digestId: digest._id } },
    );
  }
  const taken = await accountNotifications
    .find({ kind: 'seller', digestId: digest._id })
    .sort({ createdAt: 1, _id: 1 })
    .lean();
  return taken.flatMap((doc) =>
    doc.notice?.body.kind === 'buyer_query'
      ? [
          {
            orderNumber: doc.notice.body.orderNumber,
            customerName: doc.notice.body.customerName,
            subject: doc.notice.body.subject,
            message: doc.notice.body.message,
            // When the buyer asked (svc-orders' time), not when svc-notify read it.
            receivedAt: doc.notice.requestedAt,
          },
        ]
      : [],
  );
}

/** The queries of a digest share its end: sent with it, or failed with it. */
export async function settleDigestQueries(
  notifications: NotificationModel,
  digest: Pick<NotificationDocument, '_id' | 'accountId'>,
  set: { state: 'sent' | 'failed'; to: string; sentAt: Date | null; now: Date },
): Promise<void> {
  await forAccount(notifications, digest.accountId).updateMany(
    { kind: 'seller', digestId: digest._id, state: 'held' },
    { $set: { state: set.state, to: set.to, sentAt: set.sentAt, updatedAt: set.now } },
  );
}

/**
 * Looks for due digests every `everyMs` (08:00 comes round once a day per zone, so a minute's
 * lateness is nothing; a seller's digest is made by whichever replica looks first).
 */
export function startDigestScheduler(deps: DigestDeps & { everyMs: number }) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (stopped) return;
    running = queueDueDigests(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'daily digests not made this time'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(tick, deps.everyMs);
        timer.unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
