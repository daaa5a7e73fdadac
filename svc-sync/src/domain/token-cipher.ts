import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Encrypts a store-front access token for storage: AES-256-GCM with a random 96-bit IV, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The connection id is bound as additional data, so a
 * token copied onto another connection's document does not decrypt.
 *
 * @example
 * const sealed = sealToken(key, 'abc', connectionId); openToken(key, sealed, connectionId) // 'abc'
 */
export function sealToken(key: Buffer, token: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo));
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what `sealToken` stored; throws when the key, the binding or the bytes are wrong. */
export function openToken(key: Buffer, sealed: string, boundTo: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw new Error('not a sealed token');
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
