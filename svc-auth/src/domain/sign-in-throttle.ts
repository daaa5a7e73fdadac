import type { AttemptLimit } from '@onvelope/service-kit';

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
