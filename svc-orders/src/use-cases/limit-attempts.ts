import { HttpError } from '@onvelope/service-kit';
import { attemptCounterModel } from '../data/attempt-counter.model.js';
import { minutesLeftInWindow, windowStartOf, type AttemptLimit } from '../domain/attempt-limits.js';
import type { BuyerDeps } from './buyer-deps.js';

/** One limit applied to one caller or order: `lookup-ip` for 203.0.113.9, say. */
export interface AttemptCheck {
  limit: AttemptLimit;
  key: string;
}

const subjectOf = ({ limit, key }: AttemptCheck) => `${limit.name}:${key}`;
const counterId = (check: AttemptCheck, now: Date) =>
  `${subjectOf(check)}@${windowStartOf(now, check.limit.windowMs)}`;

/**
 * 429 when any of the checks has used up its window, before any work is done. The wait named is
 * the longest of the exhausted windows. Checking and counting are two steps, so a burst of parallel
 * attempts can pass the limit by a few; accepted for one document and one `$inc` per attempt.
 */
export async function refuseWhenExhausted(
  deps: Pick<BuyerDeps, 'db' | 'now'>,
  checks: AttemptCheck[],
  message: (minutes: number) => string,
): Promise<void> {
  const now = deps.now();
  const counters = await attemptCounterModel(deps.db)
    .find({ _id: { $in: checks.map((check) => counterId(check, now)) } })
    .lean();
  const exhausted = checks.filter(
    (check) =>
      (counters.find((counter) => counter._id === counterId(check, now))?.count ?? 0) >=
      check.limit.max,
  );
  if (exhausted.length === 0) return;
  const minutes = Math.max(
    ...exhausted.map((check) => minutesLeftInWindow(now, check.limit.windowMs)),
  );
  throw new HttpError(429, message(minutes));
}

/** Counts one attempt against every check's current window. */
export async function countAttempt(
  deps: Pick<BuyerDeps, 'db' | 'now'>,
  checks: AttemptCheck[],
): Promise<void> {
  const now = deps.now();
  const counters = attemptCounterModel(deps.db);
  const count = (check: AttemptCheck) =>
    counters.updateOne(
      { _id: counterId(check, now) },
      {
        $inc: { count: 1 },
        $setOnInsert: {
          subject: subjectOf(check),
          expiresAt: new Date(windowStartOf(now, check.limit.windowMs) + check.limit.windowMs),
        },
      },
      { upsert: true },
    );
  await Promise.all(
    checks.map((check) =>
      // Two first attempts at once both try the insert; the loser's retry increments the winner's.
      count(check).catch((error: { code?: number }) => {
        if (error.code === 11000) return count(check);
        throw error;
      }),
    ),
  );
}
