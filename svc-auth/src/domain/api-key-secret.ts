import { createHash, randomBytes } from 'node:crypto';
import { apiKeyPrefixOf, apiKeySecretPrefix } from '@onvelope/contracts';

/**
 * A new key's secret: `onv_live_` and 32 random bytes in base64url (256 bits).
 *
 * @example newApiKeySecret() // 'onv_live_q3Zk…' (52 characters)
 */
export function newApiKeySecret(): { secret: string; prefix: string; secretHash: string } {
  const secret = apiKeySecretPrefix + randomBytes(32).toString('base64url');
  return { secret, prefix: apiKeyPrefixOf(secret), secretHash: hashApiKeySecret(secret) };
}

/**
 * What is stored of a secret: its sha256, hex. A fast unsalted hash is right here, unlike for
 * passwords (argon2id, `accounts/credentials.ts`): a slow, salted hash exists to make guessing a
 * low-entropy secret people chose expensive, while this secret is 256 random bits that nobody can
 * guess at any speed, and the same hash of every candidate would be as hard to invert as the key
 * itself. A fast hash also lets the key be found by one indexed lookup of its hash (no scan, no
 * timing to compare), and costs microseconds where argon2id costs 64 MiB and tens of milliseconds
 * on each authentication. Without a salt, a leaked table gives nothing either: it holds no
 * secrets, and a hash cannot be presented as a key.
 */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Last use is written at most once a minute per key, not on every call. */
export const LAST_USED_EVERY_MS = 60_000;

/** Whether a key used at `now` should have its last use written. */
export function lastUseIsDue(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_EVERY_MS;
}
