import {
  attemptCounters,
  HttpError,
  type AttemptCheck,
  type AttemptCounters,
} from '@onvelope/service-kit';
import type { BuyerDeps } from './buyer-deps.js';

export type { AttemptCheck };

/** The counters of the buyer-facing limits (lookups, claims, queries). */
export const buyerAttemptCounters = (db: BuyerDeps['db']): AttemptCounters =>
  attemptCounters(db, 'attempt_counters');

/**
 * 429 when any of the checks has used up its window, before any work is done. The wait named is
 * the longest of the exhausted windows.
 */
export async function refuseWhenExhausted(
  deps: Pick<BuyerDeps, 'db' | 'now'>,
  checks: AttemptCheck[],
  message: (minutes: number) => string,
): Promise<void> {
  const wait = await buyerAttemptCounters(deps.db).minutesUntilAllowed(checks, deps.now());
  if (wait) throw new HttpError(429, message(wait));
}

/** Counts one attempt against every check's current window. */
export async function countAttempt(
  deps: Pick<BuyerDeps, 'db' | 'now'>,
  checks: AttemptCheck[],
): Promise<void> {
  await buyerAttemptCounters(deps.db).count(checks, deps.now());
}
