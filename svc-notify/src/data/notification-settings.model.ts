import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import {
  buyerQueryDeliveries,
  type BuyerQueryDelivery,
  type NotificationMilestone,
} from '@onvelope/contracts';

/** A seller's choices; absent until they first save (the defaults apply). */
export interface NotificationSettingsDocument {
  _id: string;
  accountId: string;
  milestones: Partial<Record<NotificationMilestone, boolean>>;
  senderName: string | null;
  replyTo: string | null;
  logoUrl: string | null;
  accentColor: string | null;
  /** Null until the seller chooses (`defaultBuyerQueryDelivery`). */
  buyerQueries: BuyerQueryDelivery | null;
  updatedAt: Date;
}

const settingsSchema = new Schema<NotificationSettingsDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, unique: true },
    milestones: {
      shipped: { type: Boolean },
      out_for_delivery: { type: Boolean },
      delivered: { type: Boolean },
      problem: { type: Boolean },
    },
    senderName: { type: String, default: null },
    replyTo: { type: String, default: null },
    logoUrl: { type: String, default: null },
    accentColor: { type: String, default: null },
    buyerQueries: { type: String, enum: [...buyerQueryDeliveries, null], default: null },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notification_settings', minimize: false },
);

export type NotificationSettingsModel = Model<NotificationSettingsDocument>;

export const notificationSettingsModel = (db: Connection): NotificationSettingsModel =>
  registeredModel(db, 'NotificationSettings', settingsSchema);
