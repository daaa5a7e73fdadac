import { describe, expect, it } from 'vitest';
import { apiKeyPrefixOf, isApiKeySecret } from '@onvelope/contracts';
import { hashApiKeySecret, lastUseIsDue, newApiKeySecret } from './api-key-secret.js';

describe('API key secrets', () => {
  it('makes a well-formed secret whose prefix and hash are what is stored', () => {
    const { secret, prefix, secretHash } = newApiKeySecret();
    expect(isApiKeySecret(secret)).toBe(true);
    expect(secret).toMatch(/^onv_live_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(apiKeyPrefixOf(secret));
    expect(prefix).toHaveLength('onv_live_'.length + 6);
    expect(secretHash).toBe(hashApiKeySecret(secret));
    expect(secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(secretHash).not.toContain(secret.slice(9));
  });

  it('never makes the same secret twice', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newApiKeySecret().secret));
    expect(secrets.size).toBe(200);
  });

  it('refuses what only looks like a key', () => {
    expect(isApiKeySecret('onv_live_short')).toBe(false);
    expect(isApiKeySecret('onv_test_' + 'a'.repeat(43))).toBe(false);
    expect(isApiKeySecret('onv_live_' + 'a'.repeat(42) + '!')).toBe(false);
  });

  it('writes the last use at most once a minute', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(lastUseIsDue(null, now)).toBe(true);
    expect(lastUseIsDue(new Date(now.getTime() - 59_000), now)).toBe(false);
    expect(lastUseIsDue(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
