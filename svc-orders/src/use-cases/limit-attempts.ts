import type { Connection } from 'mongoose';
import { HttpError } from '@onvelope/service-kit/errors';
import {
  attemptCounters,
  type AttemptCheck,
  type AttemptCounters,
} from '@onvelope/service-kit/mongo';

export type { AttemptCheck };

/** What the limits read: the service's database and clock (the buyer side's `BuyerDeps` has both). */
interface AttemptDeps {
  db: Connection;
  now: () => Date;
}

/** The counters of the buyer-facing limits (lookups, claims, queries). */
export const buyerAttemptCounters = (db: Connection): AttemptCounters =>
  attemptCounters(db, 'attempt_counters');

/**
 * 429 when any of the checks has used up its window, before any work is done. The wait named is
 * the longest of the exhausted windows.
 */
export async function refuseWhenExhausted(
  deps: AttemptDeps,
  checks: AttemptCheck[],
  message: (minutes: number) => string,
): Promise<void> {
  const wait = await buyerAttemptCounters(deps.db).minutesUntilAllowed(checks, deps.now());
  if (wait) throw new HttpError(429, message(wait));
}

/** Counts one attempt against every check's current window. */
export async function countAttempt(deps: AttemptDeps, checks: AttemptCheck[]): Promise<void> {
  await buyerAttemptCounters(deps.db).count(checks, deps.now());
}
