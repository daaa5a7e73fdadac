import type { AttemptLimit } from '@onvelope/service-kit/mongo';

/**
 * Sign-in throttling on top of the gateway's per-IP request limit: failed sign-ins are counted per
 * account email and per client IP in fixed 15-minute windows.
 */
export const throttleWindowMs = 15 * 60_000;

export const signInLimits = {
  email: { name: 'email', max: 5, windowMs: throttleWindowMs },
  ip: { name: 'ip', max: 20, windowMs: throttleWindowMs },
} as const satisfies Record<string, AttemptLimit>;

export const throttleMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * Calls that create an account or send a mail, counted per client address whether they succeed
 * or not: without them one address created 120 accounts in 12 seconds.
 */
export const addressLimits = (limits: { signUps: number; codeResends: number }) =>
  ({
    signUp: { name: 'sign-up-ip', max: limits.signUps, windowMs: throttleWindowMs },
    codeResend: { name: 'code-resend-ip', max: limits.codeResends, windowMs: throttleWindowMs },
  }) as const satisfies Record<string, AttemptLimit>;

export const addressLimitMessages = {
  signUp: (minutes: number) =>
    `Too many accounts were created from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  codeResend: (minutes: number) =>
    `Too many codes were requested from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
