import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Attempts of one subject (`lookup-order:<number>`, `lookup-ip:<address>`, …) in one fixed window,
 * counted with `$inc` on an upsert: one document, atomic on every MongoDB, shared by every
 * instance. The TTL index drops a window once it is over.
 */
export interface AttemptCounterDocument {
  _id: string;
  subject: string;
  count: number;
  expiresAt: Date;
}

const attemptCounterSchema = new Schema<AttemptCounterDocument>(
  {
    _id: { type: String, required: true },
    subject: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { versionKey: false, collection: 'attempt_counters' },
);

export type AttemptCounterModel = Model<AttemptCounterDocument>;
export const attemptCounterModel = (db: Connection): AttemptCounterModel =>
  (db.models.AttemptCounter as AttemptCounterModel | undefined) ??
  db.model('AttemptCounter', attemptCounterSchema);
