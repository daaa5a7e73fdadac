import { defaultMilestoneSettings, type NotificationSettings } from '@onvelope/contracts';

/** A seller's notification settings as svc-notify answers them before anything is changed. */
export const defaultNotificationSettings: NotificationSettings = {
  milestones: { ...defaultMilestoneSettings },
  senderName: null,
  replyTo: null,
  logoUrl: null,
  accentColor: null,
  buyerQueries: 'immediately',
};
