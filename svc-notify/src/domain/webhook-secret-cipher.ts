import { createHash } from 'node:crypto';
import { openSealedText, sealText } from '@onvelope/service-kit/sealed-text';

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
 * Encrypts a secret for storage under the ring's current key (service-kit's `sealText`: AES-256-GCM,
 * `boundTo` the endpoint's id, so a secret copied onto another endpoint's document does not decrypt).
 */
export const sealSecret = (ring: SecretKeyring, secret: string, boundTo: string): string =>
  sealText(ring.current.key, secret, boundTo);

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
  return openSealedText(key, stored, boundTo);
}
