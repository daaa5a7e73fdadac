import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError, registeredModel } from './mongo.js';

/** A limit on attempts of one kind (sign-in failures per email, lookups per IP, ...). */
export interface AttemptLimit {
  /** Names the counter: `<name>:<key>`. */
  name: string;
  max: number;
  windowMs: number;
}

/** One limit applied to one caller or record: `lookup-ip` for 203.0.113.9, say. */
export interface AttemptCheck {
  limit: AttemptLimit;
  key: string;
}

export interface AttemptCounterDocument {
  _id: string;
  subject: string;
  count: number;
  expiresAt: Date;
}

/** The window a moment falls in, named by its start (epoch ms). */
export function windowStartOf(now: Date, windowMs: number): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}

/** Whole minutes (at least 1) until the moment's window ends. */
export function minutesLeftInWindow(now: Date, windowMs: number): number {
  const left = windowStartOf(now, windowMs) + windowMs - now.getTime();
  return Math.max(1, Math.ceil(left / 60_000));
}

const subjectOf = ({ limit, key }: AttemptCheck) => `${limit.name}:${key}`;
const counterId = (check: AttemptCheck, now: Date) =>
  `${subjectOf(check)}@${windowStartOf(now, check.limit.windowMs)}`;

/**
 * Attempts counted in fixed windows in the service's own MongoDB: one document per subject and
 * window, `$inc` on an upsert (atomic on every MongoDB, shared by every instance, no transaction),
 * dropped by a TTL index once its window is over. Checking and counting are two steps, so a burst
 * of parallel attempts can pass a limit by a few; accepted for one write per attempt.
 *
 * @example
 * const counters = attemptCounters(db, 'attempt_counters');
 * const wait = await counters.minutesUntilAllowed([{ limit: perIp, key: ctx.ip }], now);
 * if (wait) throw new HttpError(429, `Try again in ${wait} minutes.`);
 */
export function attemptCounters(db: Connection, collection: string) {
  const model = registeredModel(
    db,
    `AttemptCounter:${collection}`,
    new Schema<AttemptCounterDocument>(
      {
        _id: { type: String, required: true },
        subject: { type: String, required: true, index: true },
        count: { type: Number, required: true, default: 0 },
        expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
      },
      { versionKey: false, collection },
    ),
  );

  const count = (check: AttemptCheck, now: Date) =>
    model.updateOne(
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

  return {
    model,
    /**
     * When any check has used up its window, the whole minutes until the longest of those windows
     * ends; otherwise undefined.
     */
    async minutesUntilAllowed(checks: AttemptCheck[], now: Date): Promise<number | undefined> {
      const counters = await model
        .find({ _id: { $in: checks.map((check) => counterId(check, now)) } })
        .lean();
      const exhausted = checks.filter(
        (check) =>
          (counters.find((counter) => counter._id === counterId(check, now))?.count ?? 0) >=
          check.limit.max,
      );
      if (exhausted.length === 0) return undefined;
      return Math.max(...exhausted.map((check) => minutesLeftInWindow(now, check.limit.windowMs)));
    },
    /** Counts one attempt against every check's current window. */
    async count(checks: AttemptCheck[], now: Date): Promise<void> {
      await Promise.all(
        checks.map((check) =>
          // Two first attempts at once both try the insert; the loser's retry increments the winner's.
          count(check, now).catch((error: unknown) => {
            if (isDuplicateKeyError(error)) return count(check, now);
            throw error;
          }),
        ),
      );
    },
    /**
     * Counts one attempt and answers the window's count with it, in one atomic write, and the
     * whole seconds (at least 1) until the window ends: for a limit that must hold across
     * instances to the attempt (the gateway's per-address limits).
     */
    async hit(check: AttemptCheck, now: Date): Promise<{ count: number; secondsLeft: number }> {
      const windowStart = windowStartOf(now, check.limit.windowMs);
      const windowEnd = windowStart + check.limit.windowMs;
      const counted = () =>
        model
          .findOneAndUpdate(
            { _id: counterId(check, now) },
            {
              $inc: { count: 1 },
              $setOnInsert: { subject: subjectOf(check), expiresAt: new Date(windowEnd) },
            },
            { upsert: true, returnDocument: 'after' },
          )
          .lean<AttemptCounterDocument>()
          .orFail();
      const counter = await counted().catch((error: unknown) => {
        if (isDuplicateKeyError(error)) return counted();
        throw error;
      });
      return {
        count: counter.count,
        secondsLeft: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
      };
    },
    /** Forgets a subject's attempts in every window (a success that proves who is asking). */
    async clear(check: AttemptCheck): Promise<void> {
      await model.deleteMany({ subject: subjectOf(check) });
    },
  };
}

export type AttemptCounters = ReturnType<typeof attemptCounters>;
