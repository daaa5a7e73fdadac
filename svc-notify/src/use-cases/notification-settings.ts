import {
  defaultBuyerQueryDelivery,
  defaultMilestoneSettings,
  type BodyOf,
  type NotificationSettings,
  type updateNotificationSettings,
} from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';

/** A seller's settings, the defaults filling what they never chose. */
export async function settingsOf(
  model: NotificationSettingsModel,
  accountId: string,
): Promise<NotificationSettings> {
  const stored = await forAccount(model, accountId).findOne().lean();
  return {
    milestones: { ...defaultMilestoneSettings, ...stripUnset(stored?.milestones ?? {}) },
    senderName: stored?.senderName ?? null,
    replyTo: stored?.replyTo ?? null,
    logoUrl: stored?.logoUrl ?? null,
    accentColor: stored?.accentColor ?? null,
    buyerQueries: stored?.buyerQueries ?? defaultBuyerQueryDelivery,
  };
}

const stripUnset = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined && field !== null),
  ) as Partial<T>;

/** Changes only what the request names; one document update. */
export async function updateSettings(
  model: NotificationSettingsModel,
  accountId: string,
  change: BodyOf<typeof updateNotificationSettings>,
  now: Date,
): Promise<NotificationSettings> {
  const set: Record<string, unknown> = { updatedAt: now };
  for (const [milestone, on] of Object.entries(change.milestones ?? {})) {
    if (on !== undefined) set[`milestones.${milestone}`] = on;
  }
  for (const field of [
    'senderName',
    'replyTo',
    'logoUrl',
    'accentColor',
    'buyerQueries',
  ] as const) {
    if (change[field] !== undefined) set[field] = change[field];
  }
  if (typeof set.accentColor === 'string') set.accentColor = set.accentColor.toLowerCase();
  await forAccount(model, accountId).updateOne({ _id: accountId }, { $set: set }, { upsert: true });
  return settingsOf(model, accountId);
}
