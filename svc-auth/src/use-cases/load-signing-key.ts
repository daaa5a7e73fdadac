import type { Connection } from 'mongoose';
import type { JWK } from 'jose';
import { signingKeyModel } from '../data/signing-key.model.js';
import { createTokenSigner, generateKeyMaterial, type TokenSigner } from '../domain/signing-key.js';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';

export const currentKeyId = 'current';

/**
 * Loads the signing key, generating and storing it on the first start. Several instances starting
 * together all keep the one key that won the insert, so every token verifies against the JWKS.
 */
export async function loadSigningKey(db: Connection): Promise<TokenSigner> {
  const keys = signingKeyModel(db);
  const candidate = await generateKeyMaterial();
  const keepOrInsert = () =>
    keys
      .findOneAndUpdate(
        { _id: currentKeyId },
        { $setOnInsert: { ...candidate, createdAt: new Date() } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean();
  // Two first starts can both try the insert; the loser's duplicate-key error means the key exists.
  const stored = await keepOrInsert().catch((error: unknown) => {
    if (isDuplicateKeyError(error)) return keepOrInsert();
    throw error;
  });
  if (!stored) throw new Error('signing key could not be stored');
  return createTokenSigner({
    kid: stored.kid,
    alg: stored.alg,
    publicJwk: stored.publicJwk as JWK,
    privateJwk: stored.privateJwk as JWK,
  });
}
