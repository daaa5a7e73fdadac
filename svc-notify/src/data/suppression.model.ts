import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import { suppressionReasons } from '@onvelope/contracts';

/** A buyer address one seller's mails never go to again (unsubscribed, or refused for good). */
export interface SuppressionDocument {
  accountId: string;
  /** Lower case. */
  email: string;
  reason: (typeof suppressionReasons)[number];
  detail: string | null;
  createdAt: Date;
}

const suppressionSchema = new Schema<SuppressionDocument>(
  {
    accountId: { type: String, required: true },
    email: { type: String, required: true },
    reason: { type: String, enum: suppressionReasons, required: true },
    detail: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'suppressions' },
);
suppressionSchema.index({ accountId: 1, email: 1 }, { unique: true });
suppressionSchema.index({ accountId: 1, createdAt: -1 });

export type SuppressionModel = Model<SuppressionDocument>;

export const suppressionModel = (db: Connection): SuppressionModel =>
  registeredModel(db, 'Suppression', suppressionSchema);
