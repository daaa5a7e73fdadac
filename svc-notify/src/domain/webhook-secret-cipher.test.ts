import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyIdOf, keyringOf, openSecret, sealSecret } from './webhook-secret-cipher.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const endpointId = '6650f0c2a1b2c3d4e5f60718';

describe('webhook secret cipher', () => {
  it('stores a secret that tells nothing of it and opens it again with the key it names', () => {
    const ring = keyringOf(randomBytes(32));
    const sealed = sealSecret(ring, secret, endpointId);
    expect(sealed).not.toContain(secret.slice('whsec_'.length));
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toBe(sealSecret(ring, secret, endpointId));
    expect(openSecret(ring, sealed, ring.current.id, endpointId)).toBe(secret);
  });

  it('refuses a secret copied onto another endpoint, or altered', () => {
    const ring = keyringOf(randomBytes(32));
    const sealed = sealSecret(ring, secret, endpointId);
    expect(() => openSecret(ring, sealed, ring.current.id, '6650f0c2a1b2c3d4e5f60719')).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    // Another first character (one in 64 sealed texts already begins with 'A').
    const other = data!.startsWith('A') ? 'B' : 'A';
    const altered = [version, iv, tag, `${other}${data!.slice(1)}`].join('.');
    expect(altered).not.toBe(sealed);
    expect(() => openSecret(ring, altered, ring.current.id, endpointId)).toThrow();
  });

  it('after a rotation writes with the new key and still reads what the old one wrote', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = keyringOf(oldKey);
    const sealedBefore = sealSecret(before, secret, endpointId);
    const after = keyringOf(newKey, [oldKey]);
    expect(after.current.id).toBe(keyIdOf(newKey));
    expect(after.current.id).not.toBe(before.current.id);
    expect(openSecret(after, sealedBefore, before.current.id, endpointId)).toBe(secret);
    const sealedAfter = sealSecret(after, secret, endpointId);
    expect(() => openSecret(before, sealedAfter, after.current.id, endpointId)).toThrow(
      /not configured/,
    );
    // Once the old key is dropped, what it wrote no longer opens.
    expect(() =>
      openSecret(keyringOf(newKey), sealedBefore, before.current.id, endpointId),
    ).toThrow(/not configured/);
  });

  it('reads a secret stored in clear before encryption began, and nothing else without a key id', () => {
    const ring = keyringOf(randomBytes(32));
    expect(openSecret(ring, secret, null, endpointId)).toBe(secret);
    expect(() => openSecret(ring, sealSecret(ring, secret, endpointId), null, endpointId)).toThrow(
      /without its key id/,
    );
  });
});
