import {
  accessOf,
  isDeliverableEmail,
  type NotificationReason,
  type PayloadOf,
  type trackingEntryUpserted,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { type BillingAccess } from '@onvelope/service-kit/billing';
import { entryProgressKey, type EntryProgressModel } from '../data/entry-progress.model.js';
import { untriedDelivery, type NotificationModel } from '../data/notification.model.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import type { OrderSnapshot } from '../domain/message-content.js';
import {
  isPastMilestone,
  milestoneOf,
  progressOf,
  type EntryChange,
} from '../domain/milestones.js';
import { settingsOf } from './notification-settings.js';
import { isSuppressed } from './suppressions.js';

export interface PlanDeps {
  notifications: NotificationModel;
  progress: EntryProgressModel;
  settings: NotificationSettingsModel;
  suppressions: SuppressionModel;
  billing: Pick<BillingAccess, 'stateOf'>;
  log: Logger;
  now: () => Date;
  pastMilestoneDays: number;
  itemsShown: number;
  /** Wakes the sender when something was queued. */
  queued: () => void;
}

const snapshotOf = (change: EntryChange, itemsShown: number): OrderSnapshot => {
  const items = change.items ?? [];
  const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  return {
    orderNumber: change.orderNumber,
    customerName: change.customerName ?? null,
    courier: change.courier ?? null,
    trackingNumber: change.trackingNumber ?? null,
    shippedAt: date(change.shippedAt),
    deliveredAt: date(change.deliveredAt),
    estimatedDeliveryAt: date(change.estimatedDeliveryAt),
    // A 1,000-line order keeps what the message shows, and how many more there are.
    items: items.slice(0, itemsShown).map((item) => ({ name: item.name, quantity: item.quantity })),
    itemCount: items.length,
  };
};

/**
 * Decides, for every change of an `orders.entries.upserted` event, whether the order's buyer is
 * to get a message, and records the decision in the outbox: queued for the sender, or skipped
 * with the reason. Safe to run again on a redelivered event: the outbox's unique key keeps one
 * decision per milestone of an order, and the entry's progress is written last, so a crash
 * between the two replays the same decision.
 */
export async function planNotifications(
  deps: PlanDeps,
  payload: PayloadOf<typeof trackingEntryUpserted>,
): Promise<void> {
  const { accountId } = payload;
  let settings: Awaited<ReturnType<typeof settingsOf>> | undefined;
  let anyQueued = false;
  for (const change of payload.changes) {
    const key = entryProgressKey(accountId, change.entryId);
    const known = await deps.progress.findById(key).lean();
    // A redelivered or out-of-order change: what it says is already known or out of date.
    if (known && known.version >= change.version) continue;
    const reached = milestoneOf(change);
    const progress = reached ? progressOf[reached.milestone] : 0;
    const now = deps.now();

    // A step ahead of what was reached; a problem may come after any step but delivery.
    const ahead =
      reached &&
      (!known ||
        progress > known.progress ||
        (reached.milestone === 'problem' && known.progress < progressOf.delivered));
    if (reached && ahead) {
      settings ??= await settingsOf(deps.settings, accountId);
      const to = change.customerEmail?.trim().toLowerCase() || null;
      const reason = await reasonNotToSend(deps, {
        accountId,
        to,
        firstSighting: !known,
        turnedOn: settings.milestones[reached.milestone],
        isPast: isPastMilestone(reached.milestone, change, now, deps.pastMilestoneDays),
        now,
      });
      const queued = await record(deps, {
        accountId,
        entryId: change.entryId,
        milestone: reached.milestone,
        problem: reached.problem,
        kind: 'buyer',
        to,
        state: reason ? 'skipped' : 'queued',
        reason,
        order: snapshotOf(change, deps.itemsShown),
        ...untriedDelivery(now, reason ? null : now),
      });
      anyQueued ||= queued && !reason;
    }

    await deps.progress.updateOne(
      { _id: key },
      {
        $max: { version: change.version, progress },
        $setOnInsert: { accountId, entryId: change.entryId, firstSeenAt: now },
      },
      { upsert: true },
    );
  }
  if (anyQueued) deps.queued();
}

async function reasonNotToSend(
  deps: PlanDeps,
  facts: {
    accountId: string;
    to: string | null;
    firstSighting: boolean;
    turnedOn: boolean;
    isPast: boolean;
    now: Date;
  },
): Promise<NotificationReason | null> {
  if (facts.firstSighting && facts.isPast) return 'imported_past_milestone';
  if (!facts.to || !isDeliverableEmail(facts.to)) return 'no_customer_email';
  if (!facts.turnedOn) return 'milestone_turned_off';
  if (!accessOf(await deps.billing.stateOf(facts.accountId), facts.now).allowed) {
    return 'workspace_closed';
  }
  if (await isSuppressed(deps.suppressions, facts.accountId, facts.to)) {
    return 'address_suppressed';
  }
  return null;
}

/** Inserts the decision; false when this milestone of the order was decided before. */
async function record(
  deps: PlanDeps,
  doc: Parameters<NotificationModel['create']>[0],
): Promise<boolean> {
  try {
    await deps.notifications.create(doc);
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** The seller cleared orders: messages still waiting for them are not sent. */
export async function forgetEntries(
  deps: Pick<PlanDeps, 'notifications' | 'progress' | 'now'>,
  payload: { accountId: string; entryIds: string[] },
): Promise<void> {
  const now = deps.now();
  await forAccount(deps.notifications, payload.accountId).updateMany(
    { entryId: { $in: payload.entryIds }, state: 'queued' },
    { $set: { state: 'skipped', reason: 'order_deleted', nextAttemptAt: null, updatedAt: now } },
  );
}
