import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import { accountRecordPaths, type AccountRecord } from './account-record.js';

/** A buyer with a portal account. Its own id is its `accountId` in tokens. */
export interface CustomerDocument extends AccountRecord {
  firstName: string | null;
  lastName: string | null;
  defaultPostcode: string | null;
  avatar: string | null;
}

const text = { type: String, default: null };

const customerSchema = new Schema<CustomerDocument>(
  {
    _id: { type: String, required: true },
    ...accountRecordPaths(),
    firstName: text,
    lastName: text,
    defaultPostcode: text,
    avatar: text,
  },
  { versionKey: false, collection: 'customers' },
);

export type CustomerModel = Model<CustomerDocument>;
export const customerModel = (db: Connection): CustomerModel =>
  registeredModel(db, 'Customer', customerSchema);
