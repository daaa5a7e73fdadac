import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { ApiKeyScope } from '@onvelope/contracts';

/** A seller's API key (issue 35). The secret itself is never stored: only its sha256. */
export interface ApiKeyDocument {
  _id: string;
  accountId: string;
  /** The seller who made it; the key acts as them. */
  userId: string;
  name: string;
  /** `onv_live_ab12cd`: the start of the secret, shown to tell keys apart. */
  prefix: string;
  /** Hex sha256 of the whole secret (`domain/api-key-secret.ts` says why a fast hash is right). */
  secretHash: string;
  scope: ApiKeyScope;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Set with `revokedAt` until NATS has acknowledged `auth.user.api-key-revoked`. */
  revocationUnpublished?: true;
}

const apiKeySchema = new Schema<ApiKeyDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    userId: { type: String, required: true },
    name: { type: String, required: true },
    prefix: { type: String, required: true },
    secretHash: { type: String, required: true, unique: true },
    scope: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    revocationUnpublished: { type: Boolean, index: true },
  },
  { versionKey: false, collection: 'api_keys' },
);
// The account's keys, newest first (the settings tab).
apiKeySchema.index({ accountId: 1, createdAt: -1 });

export type ApiKeyModel = Model<ApiKeyDocument>;
export const apiKeyModel = (db: Connection): ApiKeyModel =>
  registeredModel(db, 'ApiKey', apiKeySchema);
