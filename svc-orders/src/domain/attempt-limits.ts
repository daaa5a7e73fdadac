/**
 * Limits on the public calls that could be used to guess orders (decided; the spec names no limit).
 * Attempts are counted in fixed windows, one counter per subject and window.
 */
export interface AttemptLimit {
  /** Names the counter: `<name>:<key>`. */
  name: string;
  max: number;
  windowMs: number;
}

export const lookupMessages = {
  tooManyLookups: (minutes: number) =>
    `Too many order lookups. Please try again in ${minutesText(minutes)}.`,
  tooManyQueries: (minutes: number) =>
    `Too many queries sent. Please try again in ${minutesText(minutes)}.`,
} as const;

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** The window a moment falls in, named by its start (epoch ms). */
export function windowStartOf(now: Date, windowMs: number): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}

/** Whole minutes (at least 1) until the moment's window ends. */
export function minutesLeftInWindow(now: Date, windowMs: number): number {
  const left = windowStartOf(now, windowMs) + windowMs - now.getTime();
  return Math.max(1, Math.ceil(left / 60_000));
}
