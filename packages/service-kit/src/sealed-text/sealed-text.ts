import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Encrypts a secret for storage (a store-front access token, a webhook signing secret): AES-256-GCM
 * with a random 96-bit IV, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). `boundTo` (the id of
 * the document that holds it) is authenticated with it, so a secret copied onto another document
 * does not decrypt.
 *
 * @example
 * const sealed = sealText(key, 'abc', connectionId); openSealedText(key, sealed, connectionId) // 'abc'
 */
export function sealText(key: Buffer, text: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo));
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what `sealText` stored; throws when the key, the binding or the bytes are wrong. */
export function openSealedText(key: Buffer, sealed: string, boundTo: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) {
    throw new Error('not a sealed text');
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
