import { Schema, type Connection } from 'mongoose';

/** The key pair tokens are signed with; one current key, stored as JWKs. */
export interface SigningKeyDocument {
  _id: string;
  kid: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
  createdAt: Date;
}

const signingKeySchema = new Schema<SigningKeyDocument>(
  {
    _id: { type: String, required: true },
    kid: { type: String, required: true },
    alg: { type: String, required: true },
    publicJwk: { type: Schema.Types.Mixed, required: true },
    privateJwk: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'signing_keys' },
);

export const signingKeyModel = (db: Connection) => db.model('SigningKey', signingKeySchema);
