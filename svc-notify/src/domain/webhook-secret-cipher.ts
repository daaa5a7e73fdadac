import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
/** How a secret stored before encryption began starts (Standard Webhooks' form). */
const CLEAR_PREFIX = 'whsec_';

/**
 * The keys webhook secrets are encrypted with at rest: `current` encrypts every write, and every
 * key in `readable` (the current one too) decrypts. A key is named by an id derived from it, stored
 * beside what it encrypted, so a rotated key is found without trying each.
 */
export interface SecretKeyring {
  current: { id: string; key: Buffer };
  readable: ReadonlyMap<string, Buffer>;
}

/** A key's id: the first 12 characters of its SHA-256 (base64url), which tells nothing of it. */
export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update(key).digest('base64url').slice(0, 12);

/**
 * @example
 * keyringOf(newKey, [oldKey]) // writes with newKey, reads what either wrote
 */
export function keyringOf(current: Buffer, previous: readonly Buffer[] = []): SecretKeyring {
  const readable = new Map(previous.map((key) => [keyIdOf(key), key]));
  const id = keyIdOf(current);
  readable.set(id, current);
  return { current: { id, key: current }, readable };
}

/**
 * Encrypts a secret for storage: AES-256-GCM with a random 96-bit IV, as `v1.<iv>.<tag>.<data>`
 * (base64url), under the ring's current key. `boundTo` (the endpoint's id) is authenticated with
 * it, so a secret copied onto another endpoint's document does not decrypt.
 */
export function sealSecret(ring: SecretKeyring, secret: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, ring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')),
  ].join('.');
}

/**
 * The secret `sealSecret` stored under the key `keyId`; with no key id, a secret stored in clear
 * before encryption began, as it is. Throws when the key is not in the ring (a key dropped before
 * every secret was encrypted again) or the bytes or the binding are wrong.
 */
export function openSecret(
  ring: SecretKeyring,
  stored: string,
  keyId: string | null,
  boundTo: string,
): string {
  if (keyId === null) {
    if (!stored.startsWith(CLEAR_PREFIX)) throw new Error('webhook secret without its key id');
    return stored;
  }
  const key = ring.readable.get(keyId);
  if (!key) throw new Error(`webhook secret encrypted with key ${keyId}, which is not configured`);
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw new Error('not an encrypted webhook secret');
  }
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
