import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Verification and password-reset codes: 6 digits (spec 001 §9), short-lived, few guesses. */
export const codeLength = 6;
export const codeLifetimeMs = 15 * 60_000;
export const maxCodeAttempts = 5;
export const resendCooldownMs = 60_000;

export type CodePurpose = 'verify-email' | 'reset-password';

export const codeMessages = {
  invalid: 'Invalid verification code',
  expired: 'This code has expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts. Please request a new code.',
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
} as const;

/** What is stored for a live code: never the code itself. */
export interface StoredCode {
  codeHash: string;
  salt: string;
  sentAt: Date;
  expiresAt: Date;
  attempts: number;
}

/** A uniformly random code from the OS CSPRNG, zero-padded (`000042` is a valid code). */
export function generateCode(): string {
  return String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
}

export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** A fresh code and what to store for it. */
export function newCode(now: Date): { code: string; stored: StoredCode } {
  const code = generateCode();
  const salt = randomBytes(16).toString('hex');
  return {
    code,
    stored: {
      codeHash: hashCode(code, salt),
      salt,
      sentAt: now,
      expiresAt: new Date(now.getTime() + codeLifetimeMs),
      attempts: 0,
    },
  };
}

export function codeMatches(stored: Pick<StoredCode, 'codeHash' | 'salt'>, candidate: string) {
  const expected = Buffer.from(stored.codeHash, 'hex');
  const actual = Buffer.from(hashCode(candidate, stored.salt), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Whether a code may still be tried, before its attempt is counted. */
export function codeState(
  stored: Pick<StoredCode, 'expiresAt' | 'attempts'> | null,
  now: Date,
): 'missing' | 'expired' | 'exhausted' | 'open' {
  if (!stored) return 'missing';
  if (stored.attempts >= maxCodeAttempts) return 'exhausted';
  if (now.getTime() >= stored.expiresAt.getTime()) return 'expired';
  return 'open';
}

/** Whole seconds left before another code may be sent; 0 when one may be sent now. */
export function secondsUntilResend(sentAt: Date | null, now: Date): number {
  if (!sentAt) return 0;
  const left = sentAt.getTime() + resendCooldownMs - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
