import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { CodePurpose, StoredCode } from '../domain/one-time-code.js';

export type AccountKind = 'seller' | 'customer';

/**
 * The one live code of an account for a purpose. The natural key `<kind>:<purpose>:<userId>` makes
 * a new code replace the old one with a single upsert.
 */
export interface OneTimeCodeDocument extends StoredCode {
  _id: string;
  kind: AccountKind;
  purpose: CodePurpose;
  userId: string;
  /** The address the code was sent to (a code proves that address, not a later one). */
  email: string;
}

const oneTimeCodeSchema = new Schema<OneTimeCodeDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    purpose: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    codeHash: { type: String, required: true },
    salt: { type: String, required: true },
    sentAt: { type: Date, required: true },
    // Dead codes are removed by MongoDB a day after they expire; until then they keep the cooldown.
    expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 24 * 60 * 60 } },
    attempts: { type: Number, required: true, default: 0 },
  },
  { versionKey: false, collection: 'one_time_codes' },
);

export type OneTimeCodeModel = Model<OneTimeCodeDocument>;
export const oneTimeCodeModel = (db: Connection): OneTimeCodeModel =>
  registeredModel(db, 'OneTimeCode', oneTimeCodeSchema);

export const codeKey = (kind: AccountKind, purpose: CodePurpose, userId: string) =>
  `${kind}:${purpose}:${userId}`;
