import type { Connection } from 'mongoose';
import { createLocalJWKSet, errors as joseErrors, type JWK, type JWTVerifyGetKey } from 'jose';
import { tokenLifetimeSeconds } from '@onvelope/contracts';
import type { Logger } from '@onvelope/service-kit/observability';
import { signingKeyModel, type SigningKeyDocument } from '../data/signing-key.model.js';
import { createTokenSigner, type TokenSigner } from '../domain/signing-key.js';
import { currentKeyId, loadSigningKey } from './load-signing-key.js';

/**
 * How long a retired key stays in the JWKS: a token signed with it just before the rotation lives
 * 12 hours, instances switch to the new key within a minute, and verifiers cache the set for 10
 * minutes; an hour covers the last two with room to spare.
 */
export const retiredKeyPublishedMs = tokenLifetimeSeconds * 1000 + 60 * 60_000;

/** An unknown `kid` makes svc-auth reread its keys, at most this often (a forged kid costs nothing). */
const reloadCooldownMs = 5_000;

export interface SigningKeyRing {
  /** Signs with the current key; picks up a rotated key within `refreshMs`, without a restart. */
  signer: TokenSigner;
  /** The public keys of the JWKS: the current key and those retired less than 13 hours ago. */
  publishedKeys(): Promise<JWK[]>;
  /** For svc-auth's own verification: any published key, reread when a token names a new `kid`. */
  verificationKeys: JWTVerifyGetKey;
  stop(): void;
}

const publicJwkOf = (key: Pick<SigningKeyDocument, 'kid' | 'publicJwk'>): JWK => ({
  ...(key.publicJwk as JWK),
  kid: key.kid,
});

/** The current key and the retired keys still published at `now`, current first, one per kid. */
export async function loadPublishedKeys(db: Connection, now: Date): Promise<JWK[]> {
  const stored = await signingKeyModel(db)
    .find({
      $or: [
        { _id: currentKeyId },
        { retiredAt: { $gt: new Date(now.getTime() - retiredKeyPublishedMs) } },
      ],
    })
    .lean<SigningKeyDocument[]>();
  stored.sort((a, b) => Number(b._id === currentKeyId) - Number(a._id === currentKeyId));
  const byKid = new Map(stored.map((key) => [key.kid, publicJwkOf(key)]));
  return [...byKid.values()];
}

/**
 * The keys of a running svc-auth: loads (or makes) the current signing key, and rereads it every
 * `refreshMs`, so that a rotation (`rotate-signing-key.ts`) reaches every instance.
 */
export async function openSigningKeyRing(
  db: Connection,
  log: Logger,
  options: { refreshMs?: number; now?: () => Date } = {},
): Promise<SigningKeyRing> {
  const now = options.now ?? (() => new Date());
  let latest = await loadSigningKey(db);

  let localSet = createLocalJWKSet({ keys: await loadPublishedKeys(db, now()) });
  // Not reloaded yet on demand: the first unknown kid may reload at once.
  let reloadedAt = 0;
  const reloadPublished = async () => {
    localSet = createLocalJWKSet({ keys: await loadPublishedKeys(db, now()) });
  };
  const verificationKeys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await localSet(header, token);
    } catch (error) {
      // Another instance may already sign with a key rotated since this one last looked.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (Date.now() - reloadedAt < reloadCooldownMs) throw error;
      reloadedAt = Date.now();
      await reloadPublished();
      return localSet(header, token);
    }
  };

  const refresh = async () => {
    // The published set too: a retired key dropped (expired, or deleted after a leak) stops being
    // accepted here within one refresh.
    await reloadPublished();
    const stored = await signingKeyModel(db).findById(currentKeyId).lean<SigningKeyDocument>();
    if (!stored?.privateJwk || stored.kid === latest.kid) return;
    latest = await createTokenSigner({
      kid: stored.kid,
      alg: stored.alg,
      publicJwk: stored.publicJwk as JWK,
      privateJwk: stored.privateJwk as JWK,
    });
    log.info({ kid: stored.kid }, 'signing with the rotated key');
  };
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => log.warn({ err: error }, 'signing key refresh failed'));
  }, options.refreshMs ?? 60_000);
  timer.unref();

  return {
    signer: {
      get kid() {
        return latest.kid;
      },
      get publicJwk() {
        return latest.publicJwk;
      },
      get publicKey() {
        return latest.publicKey;
      },
      sign: (claims, lifetimeSeconds) => latest.sign(claims, lifetimeSeconds),
    },
    publishedKeys: () => loadPublishedKeys(db, now()),
    verificationKeys,
    stop: () => clearInterval(timer),
  };
}
