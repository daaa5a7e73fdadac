import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSealedText, sealText } from './sealed-text.js';

describe('sealed text', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never stores the text in the clear', () => {
    const sealed = sealText(key, 'secret-access-token', 'conn-1');
    expect(sealed).not.toContain('secret-access-token');
    expect(openSealedText(key, sealed, 'conn-1')).toBe('secret-access-token');
  });

  it('seals the same text differently each time (random IV)', () => {
    expect(sealText(key, 'abc', 'c')).not.toBe(sealText(key, 'abc', 'c'));
  });

  it('refuses another key, another binding, and tampered bytes', () => {
    const sealed = sealText(key, 'abc', 'conn-1');
    expect(() => openSealedText(randomBytes(32), sealed, 'conn-1')).toThrow();
    expect(() => openSealedText(key, sealed, 'conn-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xyz').toString('base64url');
    expect(() => openSealedText(key, parts.join('.'), 'conn-1')).toThrow();
    expect(() => openSealedText(key, 'plain-token', 'conn-1')).toThrow('not a sealed text');
  });
});
