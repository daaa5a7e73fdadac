import { setImmediate } from 'node:timers/promises';

/**
 * The calls someone is waiting on, so that bulk work in the same process can give way to them: an
 * import pauses between its steps while they are answered, and writes smaller batches while the
 * service is in use, which stall the event loop and the database for shorter stretches (issue 18).
 */
export interface ForegroundCalls {
  /** Answers a call as a foreground one. */
  track<T>(answer: () => Promise<T>): Promise<T>;
  /** Whether no call is under way and none was answered in the last `quietMs`. */
  isQuiet(quietMs: number): boolean;
  /**
   * For one piece of bulk work: the pause to take between its steps. It first lets the event loop
   * turn, so calls that came in meanwhile are known; then it resolves at once when no call is under
   * way and none was answered in the last `quietMs`; else once that is so, so a
   * caller's next call (which often follows an answer within a few milliseconds) finds the process
   * free too. The work never waits longer in all than it has worked, plus `allowanceMs`, so it
   * goes on at least at half its pace however busy the process is; pauses taken at once by two
   * parts of the work count once. An aborted `signal` ends the pause under way and any after it.
   */
  givingWay(options?: GiveWayOptions): () => Promise<void>;
}

export interface GiveWayOptions {
  /** Default `GIVE_WAY_QUIET_MS`. */
  quietMs?: number;
  /** Default `GIVE_WAY_ALLOWANCE_MS`. */
  allowanceMs?: number;
  /** The work's stop: a pause does not hold it up. */
  signal?: AbortSignal;
}

/**
 * How long after the last answer bulk work waits: covers the moment between a dashboard's answers
 * and the calls they lead to (issue 18's mixed-load bench, rounds of five calls one after another).
 */
export const GIVE_WAY_QUIET_MS = 30;
/**
 * The waiting bulk work may do beyond the time it has worked, so that work which has only just
 * begun can give way to a call too.
 */
export const GIVE_WAY_ALLOWANCE_MS = 250;

/** Resolves after `ms`, or at once when `signal` is aborted. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export function foregroundCalls(): ForegroundCalls {
  let answering = 0;
  let lastAnsweredAt = -Infinity;
  /**
   * How long from `now` it is at least until no call has been answered for `quietMs` (0: quiet
   * already; while a call is under way, `quietMs` and no less than a millisecond).
   */
  const untilQuiet = (quietMs: number, now: number) =>
    answering > 0 ? Math.max(quietMs, 1) : Math.max(0, lastAnsweredAt + quietMs - now);
  return {
    isQuiet: (quietMs) => untilQuiet(quietMs, performance.now()) === 0,
    async track(answer) {
      answering += 1;
      try {
        return await answer();
      } finally {
        answering -= 1;
        lastAnsweredAt = performance.now();
      }
    },
    givingWay({ quietMs = GIVE_WAY_QUIET_MS, allowanceMs = GIVE_WAY_ALLOWANCE_MS, signal } = {}) {
      const started = performance.now();
      /** Time spent with at least one pause under way, up to the last pause that ended. */
      let waited = 0;
      let pausing = 0;
      let pausedSince = 0;
      const waitedBy = (now: number) => waited + (pausing > 0 ? now - pausedSince : 0);
      return async () => {
        // Bulk work whose steps end on promises alone (a parser's buffered rows, a cursor's fetched
        // batch) never lets the loop poll for requests: without a turn, a call that came in
        // meanwhile would not be known yet.
        await setImmediate();
        for (;;) {
          const now = performance.now();
          // Waiting allowed: (time worked = elapsed - waited) + allowance - waited.
          const budget = now - started - 2 * waitedBy(now) + allowanceMs;
          const wait = Math.min(untilQuiet(quietMs, now), budget);
          if (wait <= 0 || signal?.aborted) return;
          if (pausing++ === 0) pausedSince = now;
          try {
            await sleep(wait, signal);
          } finally {
            if (--pausing === 0) waited += performance.now() - pausedSince;
          }
        }
      };
    },
  };
}
