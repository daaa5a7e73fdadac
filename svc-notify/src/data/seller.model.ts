import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

/**
 * What svc-notify knows of a seller account, from svc-auth's events (`sellerProfileChanged`,
 * `sellerTimeZoneChanged`) and, for what no event brought yet, svc-auth's answers to
 * `getSellerPublicProfile` / `getSellerTimeZone`.
 */
export interface SellerDocument {
  _id: string;
  accountId: string;
  email: string | null;
  storeName: string | null;
  timeZone: string | null;
  /** The newest profile event applied (an older one changes nothing). */
  profileChangedAt: Date | null;
  updatedAt: Date;
}

const sellerSchema = new Schema<SellerDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, unique: true },
    email: { type: String, default: null },
    storeName: { type: String, default: null },
    timeZone: { type: String, default: null },
    profileChangedAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'sellers' },
);

export type SellerModel = Model<SellerDocument>;

export const sellerModel = (db: Connection): SellerModel =>
  registeredModel(db, 'Seller', sellerSchema);
