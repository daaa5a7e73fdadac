import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

/** The secret a seller's tracking links are signed with; `_id` is the seller's account. */
export interface TrackingLinkSecretDocument {
  _id: string;
  secret: string;
  createdAt: Date;
}

const trackingLinkSecretSchema = new Schema<TrackingLinkSecretDocument>(
  {
    _id: { type: String, required: true },
    secret: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'tracking_link_secrets' },
);

export type TrackingLinkSecretModel = Model<TrackingLinkSecretDocument>;
export const trackingLinkSecretModel = (db: Connection): TrackingLinkSecretModel =>
  registeredModel(db, 'TrackingLinkSecret', trackingLinkSecretSchema);
