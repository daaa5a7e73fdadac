import { Schema, type Connection } from 'mongoose';

/**
 * A Google sign-in in progress, keyed by its `state`: what the callback needs to finish it on
 * whichever instance the browser comes back to. Deleted when used; MongoDB's TTL monitor removes
 * abandoned ones (it runs about once a minute, so expiry itself is checked on read).
 */
export interface GoogleSignInAttemptDocument {
  _id: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: Date;
}

const googleSignInAttemptSchema = new Schema<GoogleSignInAttemptDocument>(
  {
    _id: { type: String, required: true },
    codeVerifier: { type: String, required: true },
    nonce: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'google_sign_in_attempts' },
);
googleSignInAttemptSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const googleSignInAttemptModel = (db: Connection) =>
  db.model('GoogleSignInAttempt', googleSignInAttemptSchema);
