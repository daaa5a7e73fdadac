import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

/** A customer-portal visit svc-billing opened (kept for the local portal page). */
export interface PortalSessionDocument {
  _id: string;
  accountId: string;
  returnUrl: string;
  createdAt: Date;
}

const portalSessionSchema = new Schema<PortalSessionDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    returnUrl: { type: String, required: true },
    // Stripe's portal sessions are short-lived; a day is plenty for the local stand-in.
    createdAt: { type: Date, required: true, expires: 24 * 60 * 60 },
  },
  { versionKey: false, collection: 'portal_sessions' },
);

export type PortalSessionModel = Model<PortalSessionDocument>;
export const portalSessionModel = (db: Connection): PortalSessionModel =>
  registeredModel(db, 'PortalSession', portalSessionSchema);
