import { Schema, type Connection, type Model } from 'mongoose';

/** A buyer with a portal account. Its own id is its `accountId` in tokens. */
export interface CustomerDocument {
  _id: string;
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  defaultPostcode: string | null;
  avatar: string | null;
  isVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  passwordChangedAt: Date | null;
  /** Tokens issued before this are ended (see `accounts/token-revocation.ts`). */
  tokensNotBefore: Date | null;
  /** Set with `tokensNotBefore` until NATS has acknowledged its revocation event. */
  revocationUnpublished?: true;
}

const text = { type: String, default: null };

const customerSchema = new Schema<CustomerDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    passwordHash: text,
    firstName: text,
    lastName: text,
    defaultPostcode: text,
    avatar: text,
    isVerified: { type: Boolean, required: true, default: false },
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date, default: null },
    passwordChangedAt: { type: Date, default: null },
    tokensNotBefore: { type: Date, default: null },
    revocationUnpublished: { type: Boolean, index: true },
  },
  { versionKey: false, collection: 'customers' },
);

export type CustomerModel = Model<CustomerDocument>;
export const customerModel = (db: Connection): CustomerModel =>
  (db.models.Customer as CustomerModel | undefined) ?? db.model('Customer', customerSchema);
