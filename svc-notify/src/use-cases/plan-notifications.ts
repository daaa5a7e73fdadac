import {
  accessOf,
  isDeliverableEmail,
  type NotificationReason,
  type PayloadOf,
  type trackingEntryUpserted,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { bulkWriteFailuresOf, forAccount, onlyDuplicateKeys } from '@onvelope/service-kit/mongo';
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
  type MilestoneOf,
} from '../domain/milestones.js';
import { settingsOf } from './notification-settings.js';
import { suppressedAmong } from './suppressions.js';

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

/** What svc-notify knows of one order: the newest version applied, the furthest step reached. */
interface Progress {
  version: number;
  progress: number;
}

/** A change that reached a milestone ahead of the order's progress: a message to decide. */
interface Reached {
  change: EntryChange;
  milestone: MilestoneOf;
  firstSighting: boolean;
}

/**
 * Decides, for every change of an `orders.entries.upserted` event, whether the order's buyer is
 * to get a message, and records the decision in the outbox: queued for the sender, or skipped
 * with the reason. Safe to run again on a redelivered event: the outbox's unique key keeps one
 * decision per milestone of an order, and the entries' progress is written last, so a crash
 * between the two replays the same decisions.
 *
 * An event's changes (up to 100 of an import) are planned together, in a few round trips
 * whatever their number (issue 34): one read of their orders' progress, one of the suppressed
 * addresses among them, one insert of the decisions and one write of the progress. They are
 * decided in their order, each against the progress the changes before it left.
 */
export async function planNotifications(
  deps: PlanDeps,
  payload: PayloadOf<typeof trackingEntryUpserted>,
): Promise<void> {
  const { accountId, changes } = payload;
  if (changes.length === 0) return;
  const now = deps.now();
  const keys = [...new Set(changes.map((change) => entryProgressKey(accountId, change.entryId)))];
  const stored = await deps.progress
    .find({ _id: { $in: keys } })
    .select({ version: 1, progress: 1 })
    .lean();
  const known = new Map<string, Progress>(stored.map((doc) => [doc._id, doc]));
  const written = new Map<string, { entryId: string } & Progress>();
  const reached: Reached[] = [];
  for (const change of changes) {
    const key = entryProgressKey(accountId, change.entryId);
    const before = known.get(key);
    // A redelivered or out-of-order change: what it says is already known or out of date.
    if (before && before.version >= change.version) continue;
    const milestone = milestoneOf(change);
    const progress = milestone ? progressOf[milestone.milestone] : 0;
    // A step ahead of what was reached; a problem may come after any step but delivery.
    const ahead =
      milestone &&
      (!before ||
        progress > before.progress ||
        (milestone.milestone === 'problem' && before.progress < progressOf.delivered));
    if (milestone && ahead) reached.push({ change, milestone, firstSighting: !before });
    const after = {
      version: change.version,
      progress: Math.max(before?.progress ?? 0, progress),
    };
    known.set(key, after);
    written.set(key, { entryId: change.entryId, ...after });
  }

  const decisions = await decide(deps, accountId, reached, now);
  const anyQueued = await record(deps.notifications, decisions);
  if (written.size > 0) {
    await deps.progress.bulkWrite(
      [...written].map(([key, { entryId, version, progress }]) => ({
        updateOne: {
          filter: { _id: key },
          update: {
            $max: { version, progress },
            $setOnInsert: { accountId, entryId, firstSeenAt: now },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }
  if (anyQueued) deps.queued();
}

type Decision = Parameters<NotificationModel['create']>[0] & { state: 'queued' | 'skipped' };

/**
 * The outbox documents of the changes that reached a milestone: queued, or skipped with the first
 * reason not to send. The seller's settings, their workspace's access and their suppressed
 * addresses are read once for all of them, and only when a change needs them.
 */
async function decide(
  deps: PlanDeps,
  accountId: string,
  reached: readonly Reached[],
  now: Date,
): Promise<Decision[]> {
  if (reached.length === 0) return [];
  const settings = await settingsOf(deps.settings, accountId);
  const candidates = reached.map(({ change, milestone, firstSighting }) => {
    const to = change.customerEmail?.trim().toLowerCase() || null;
    const early = earlyReasonNotToSend({
      to,
      firstSighting,
      turnedOn: settings.milestones[milestone.milestone],
      isPast: isPastMilestone(milestone.milestone, change, now, deps.pastMilestoneDays),
    });
    return { change, milestone, to, early };
  });
  const addresses = candidates.flatMap(({ to, early }) => (early || !to ? [] : [to]));
  const open =
    addresses.length === 0 || accessOf(await deps.billing.stateOf(accountId), now).allowed;
  const suppressed =
    open && addresses.length > 0
      ? await suppressedAmong(deps.suppressions, accountId, addresses)
      : new Set<string>();
  return candidates.map(({ change, milestone, to, early }) => {
    const reason: NotificationReason | null =
      early ??
      (!open ? 'workspace_closed' : to && suppressed.has(to) ? 'address_suppressed' : null);
    return {
      accountId,
      entryId: change.entryId,
      milestone: milestone.milestone,
      problem: milestone.problem,
      kind: 'buyer',
      to,
      state: reason ? 'skipped' : 'queued',
      reason,
      order: snapshotOf(change, deps.itemsShown),
      ...untriedDelivery(now, reason ? null : now),
    };
  });
}

/** The reasons not to send that need no reading: imported history, no address, turned off. */
function earlyReasonNotToSend(facts: {
  to: string | null;
  firstSighting: boolean;
  turnedOn: boolean;
  isPast: boolean;
}): NotificationReason | null {
  if (facts.firstSighting && facts.isPast) return 'imported_past_milestone';
  if (!facts.to || !isDeliverableEmail(facts.to)) return 'no_customer_email';
  if (!facts.turnedOn) return 'milestone_turned_off';
  return null;
}

/**
 * Inserts the decisions in one unordered insert; a milestone of an order decided before (a
 * redelivery) is refused by the outbox's unique key and the others still go in. Answers whether
 * a message was newly queued.
 */
async function record(
  notifications: NotificationModel,
  decisions: readonly Decision[],
): Promise<boolean> {
  if (decisions.length === 0) return false;
  let refused = new Set<number>();
  try {
    await notifications.insertMany(decisions, { ordered: false, throwOnValidationError: true });
  } catch (error) {
    if (!onlyDuplicateKeys(error)) throw error;
    const failures = bulkWriteFailuresOf(error);
    refused = new Set(failures.map((failure) => failure.index));
    // A single refused insert may come as a plain duplicate key error, naming no position.
    if (failures.length === 0) return false;
  }
  return decisions.some((decision, index) => decision.state === 'queued' && !refused.has(index));
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
