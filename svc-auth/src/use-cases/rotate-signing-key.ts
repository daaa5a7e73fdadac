import type { Connection } from 'mongoose';
import { signingKeyModel, type SigningKeyDocument } from '../data/signing-key.model.js';
import { generateKeyMaterial } from '../domain/signing-key.js';
import { currentKeyId, loadSigningKey } from './load-signing-key.js';
import { retiredKeyPublishedMs } from './signing-key-ring.js';

export interface Rotation {
  retiredKid: string | undefined;
  currentKid: string;
}

/**
 * Replaces the signing key with a new one. The old key's public half stays in the JWKS as a retired
 * key for 13 hours, so tokens it signed keep working until they expire; its private half is
 * dropped. Running instances start signing with the new key within a minute. Each step changes one
 * document: the retired copy is written first (publishing a key twice for a moment is harmless),
 * then the current key is replaced only if it is still the one that was read, so two rotations at
 * once cannot lose a key that signed tokens.
 */
export async function rotateSigningKey(db: Connection, now = new Date()): Promise<Rotation> {
  const keys = signingKeyModel(db);
  const current = await keys.findById(currentKeyId).lean<SigningKeyDocument>();
  if (!current) return { retiredKid: undefined, currentKid: (await loadSigningKey(db)).kid };

  await keys.updateOne(
    { _id: `retired:${current.kid}` },
    {
      $setOnInsert: {
        kid: current.kid,
        alg: current.alg,
        publicJwk: current.publicJwk,
        createdAt: current.createdAt,
        retiredAt: now,
      },
    },
    { upsert: true },
  );
  const fresh = await generateKeyMaterial();
  const replaced = await keys.replaceOne(
    { _id: currentKeyId, kid: current.kid },
    { ...fresh, createdAt: now },
  );
  if (replaced.matchedCount === 0) {
    throw new Error('Another rotation replaced the signing key at the same time; nothing changed');
  }
  // Keys retired long enough ago signed nothing that is still alive.
  await keys.deleteMany({ retiredAt: { $lte: new Date(now.getTime() - retiredKeyPublishedMs) } });
  return { retiredKid: current.kid, currentKid: fresh.kid };
}
