import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';

/**
 * How far svc-notify has followed one order: the newest change version applied and the furthest
 * milestone reached, so a redelivered or late change never mails a step behind, and an order's
 * first sighting is known (imported history gets no mail).
 */
export interface EntryProgressDocument {
  /** `<accountId>:<entryId>`. */
  _id: string;
  accountId: string;
  entryId: string;
  version: number;
  progress: number;
  firstSeenAt: Date;
}

const entryProgressSchema = new Schema<EntryProgressDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    entryId: { type: String, required: true },
    version: { type: Number, required: true },
    progress: { type: Number, default: 0 },
    firstSeenAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'entry_progress' },
);

export const entryProgressKey = (accountId: string, entryId: string) => `${accountId}:${entryId}`;

export type EntryProgressModel = Model<EntryProgressDocument>;

export const entryProgressModel = (db: Connection): EntryProgressModel =>
  registeredModel(db, 'EntryProgress', entryProgressSchema);
