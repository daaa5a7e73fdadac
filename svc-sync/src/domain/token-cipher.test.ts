import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openToken, sealToken } from './token-cipher.js';

describe('token cipher', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never stores the token in the clear', () => {
    const sealed = sealToken(key, 'secret-access-token', 'conn-1');
    expect(sealed).not.toContain('secret-access-token');
    expect(openToken(key, sealed, 'conn-1')).toBe('secret-access-token');
  });

  it('seals the same token differently each time (random IV)', () => {
    expect(sealToken(key, 'abc', 'c')).not.toBe(sealToken(key, 'abc', 'c'));
  });

  it('refuses another key, another connection, and tampered bytes', () => {
    const sealed = sealToken(key, 'abc', 'conn-1');
    expect(() => openToken(randomBytes(32), sealed, 'conn-1')).toThrow();
    expect(() => openToken(key, sealed, 'conn-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xyz').toString('base64url');
    expect(() => openToken(key, parts.join('.'), 'conn-1')).toThrow();
    expect(() => openToken(key, 'plain-token', 'conn-1')).toThrow('not a sealed token');
  });
});
