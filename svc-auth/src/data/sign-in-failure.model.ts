import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Failed sign-ins of one window, for one subject (`email:<kind>:<address>` or `ip:<address>`).
 * One document per subject and window, counted with `$inc` on an upsert: atomic on every MongoDB.
 */
export interface SignInFailureDocument {
  _id: string;
  subject: string;
  windowStart: Date;
  count: number;
  expiresAt: Date;
}

const signInFailureSchema = new Schema<SignInFailureDocument>(
  {
    _id: { type: String, required: true },
    subject: { type: String, required: true },
    windowStart: { type: Date, required: true },
    count: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { versionKey: false, collection: 'sign_in_failures' },
);

export type SignInFailureModel = Model<SignInFailureDocument>;
export const signInFailureModel = (db: Connection): SignInFailureModel =>
  (db.models.SignInFailure as SignInFailureModel | undefined) ??
  db.model('SignInFailure', signInFailureSchema);
