import { Schema, type Connection } from 'mongoose';

/**
 * The key pair tokens are signed with (`_id: 'current'`), stored as JWKs, and the public halves of
 * keys retired by a rotation (`_id: 'retired:<kid>'`, with `retiredAt` and no private part), kept
 * in the JWKS while tokens they signed can still be alive.
 */
export interface SigningKeyDocument {
  _id: string;
  kid: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  privateJwk?: Record<string, unknown>;
  createdAt: Date;
  retiredAt?: Date;
}

const signingKeySchema = new Schema<SigningKeyDocument>(
  {
    _id: { type: String, required: true },
    kid: { type: String, required: true },
    alg: { type: String, required: true },
    publicJwk: { type: Schema.Types.Mixed, required: true },
    privateJwk: { type: Schema.Types.Mixed },
    createdAt: { type: Date, required: true },
    retiredAt: { type: Date },
  },
  { versionKey: false, collection: 'signing_keys' },
);

export const signingKeyModel = (db: Connection) => db.model('SigningKey', signingKeySchema);
