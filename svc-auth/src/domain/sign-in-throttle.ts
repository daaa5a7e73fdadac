/**
 * Sign-in throttling on top of the gateway's per-IP request limit: failed sign-ins are counted per
 * account email and per client IP in fixed 15-minute windows.
 */
export const throttleWindowMs = 15 * 60_000;
export const maxFailuresPerEmail = 5;
export const maxFailuresPerIp = 20;

export const throttleMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** The window a moment falls in, named by its start (epoch ms). */
export function windowStart(now: Date): number {
  return Math.floor(now.getTime() / throttleWindowMs) * throttleWindowMs;
}

/** Whole minutes (at least 1) until the current window ends. */
export function minutesUntilWindowEnds(now: Date): number {
  const left = windowStart(now) + throttleWindowMs - now.getTime();
  return Math.max(1, Math.ceil(left / 60_000));
}

/** Whether the counted failures of this window already block further attempts. */
export function isThrottled(failures: { email: number; ip: number }): boolean {
  return failures.email >= maxFailuresPerEmail || failures.ip >= maxFailuresPerIp;
}
