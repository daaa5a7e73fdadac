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
  /**
   * Where the calls are counted: hand it to a worker thread (`workerData`), whose
   * `foregroundCalls(state)` then sees this process's calls, so bulk work moved off the event loop
   * that answers them still gives way to them.
   */
  readonly state: SharedArrayBuffer;
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

/** The bytes of a `state`: the calls under way (int32), then when the last one was answered. */
const STATE_BYTES = 16;

/**
 * Milliseconds since the epoch, which every thread reads alike: a worker's `performance.now()`
 * need not count from the same origin as its parent's (`timeOrigin` says where each starts).
 */
const processClock = () => performance.timeOrigin + performance.now();

/**
 * The calls of this thread, or, given another thread's `state`, of that one: calls tracked on
 * either side count for both.
 */
export function foregroundCalls(shared?: SharedArrayBuffer): ForegroundCalls {
  if (shared && shared.byteLength !== STATE_BYTES) throw new Error('Not a foreground calls state');
  const state = shared ?? new SharedArrayBuffer(STATE_BYTES);
  const answering = new Int32Array(state, 0, 1);
  // Microseconds, whole: Atomics work on integers only.
  const lastAnsweredAt = new BigInt64Array(state, 8, 1);
  if (!shared) Atomics.store(lastAnsweredAt, 0, BigInt(Number.MIN_SAFE_INTEGER));
  /**
   * How long from `now` it is at least until no call has been answered for `quietMs` (0: quiet
   * already; while a call is under way, `quietMs` and no less than a millisecond).
   */
  const untilQuiet = (quietMs: number, now: number) =>
    Atomics.load(answering, 0) > 0
      ? Math.max(quietMs, 1)
      : Math.max(0, Number(Atomics.load(lastAnsweredAt, 0)) / 1000 + quietMs - now);
  return {
    state,
    isQuiet: (quietMs) => untilQuiet(quietMs, processClock()) === 0,
    async track(answer) {
      Atomics.add(answering, 0, 1);
      try {
        return await answer();
      } finally {
        Atomics.store(lastAnsweredAt, 0, BigInt(Math.round(processClock() * 1000)));
        Atomics.sub(answering, 0, 1);
      }
    },
    givingWay({ quietMs = GIVE_WAY_QUIET_MS, allowanceMs = GIVE_WAY_ALLOWANCE_MS, signal } = {}) {
      const started = processClock();
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
          const now = processClock();
          // Waiting allowed: (time worked = elapsed - waited) + allowance - waited.
          const budget = now - started - 2 * waitedBy(now) + allowanceMs;
          const wait = Math.min(untilQuiet(quietMs, now), budget);
          if (wait <= 0 || signal?.aborted) return;
          if (pausing++ === 0) pausedSince = now;
          try {
            await sleep(wait, signal);
          } finally {
            if (--pausing === 0) waited += processClock() - pausedSince;
          }
        }
      };
    },
  };
}
