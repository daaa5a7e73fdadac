import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

/**
 * A buyer's claim on an order (spec 001 §3 "Claimed order"): a link to the live order by its id,
 * never a copy, with the buyer's own nickname and notes. One claim per buyer and order.
 */
export interface ClaimDocument {
  _id: Types.ObjectId;
  customerId: string;
  accountId: string;
  entryId: string;
  orderNumber: string;
  nickname: string | null;
  notes: string | null;
  claimedAt: Date;
}

const claimSchema = new Schema<ClaimDocument>(
  {
    customerId: { type: String, required: true },
    accountId: { type: String, required: true },
    entryId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    nickname: { type: String, default: null },
    notes: { type: String, default: null },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'claims' },
);

claimSchema.index({ customerId: 1, entryId: 1 }, { unique: true });
claimSchema.index({ customerId: 1, claimedAt: -1 });
claimSchema.index({ customerId: 1, orderNumber: 1 });

export type ClaimModel = Model<ClaimDocument>;
export const claimModel = (db: Connection): ClaimModel => registeredModel(db, 'Claim', claimSchema);
