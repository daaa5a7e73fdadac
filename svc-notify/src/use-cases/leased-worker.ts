import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@onvelope/service-kit/observability';

export interface LeasedWorkerOptions<Job> {
  /** Takes up to `limit` due jobs under a lease, or none when none is due. */
  claim: (limit: number) => Promise<Job[]>;
  /** Does the job and settles it; a throw is logged and the lease lets it be tried again. */
  work: (job: Job) => Promise<void>;
  /** How often due jobs are looked for when nobody kicks. */
  everyMs: number;
  /** Jobs in hand at once. */
  concurrency: number;
  /** Jobs claimed at once: few enough that the last of them starts well within its lease. */
  batchSize: number;
  /**
   * Claim more as soon as fewer than this many claimed jobs wait to be started (default: only
   * when none waits). Jobs queued meanwhile then wait for what is in hand, not for a whole batch.
   */
  claimBelow?: number;
  /**
   * Gives back, at a stop, the jobs claimed and not started, so a restarted worker need not wait
   * out their leases; without it they are left to their leases. A failure is logged (the leases
   * still cover them).
   */
  release?: (jobs: Job[]) => Promise<void>;
  /**
   * After a claim that found jobs, the next waits this many times as long as that claim took
   * (default 0: at once), so claims that cost the database much leave it free most of the time
   * for the calls people wait on (as svc-analytics spaces its rollup refreshes). The jobs in hand
   * go on meanwhile.
   */
  claimSpacing?: number;
  log: Logger;
  name: string;
}

/**
 * How a queue worked by `startLeasedWorker` is timed, as each one's configuration says: the loop
 * itself, the lease a claim holds, and the back-off of a failed try until it is given up.
 */
export interface LeasedQueueTiming {
  log: Logger;
  now: () => Date;
  /** How often due jobs are looked for when nobody kicks. */
  everyMs: number;
  /** Jobs in hand at once. */
  concurrency: number;
  /** How long a claimed job is held before another worker may take it. */
  leaseMs: number;
  /** The first wait after a failed try; it doubles with every try up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a job is retried from its first try. */
  giveUpAfterMs: number;
}

export interface LeasedWorker {
  /** Something was queued: look now rather than at the next tick. */
  kick(): void;
  /** Finishes the jobs in hand and stops. */
  stop(): Promise<void>;
}

/**
 * A loop over a claimed-with-lease queue in MongoDB: `concurrency` workers share batches of
 * claimed jobs (one claim per batch: a due-time query costs the same for one job or a hundred)
 * and work until nothing is due, then the loop sleeps `everyMs` or until kicked. A kick while a
 * round runs makes one more round, so nothing queued meanwhile waits for the tick. Jobs claimed
 * but not started when the worker stops are given back (`release`), or left to their leases.
 */
export function startLeasedWorker<Job>(options: LeasedWorkerOptions<Job>): LeasedWorker {
  const { log } = options;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Claimed and never started: the rounds stopped first. */
  const unstarted: Job[] = [];
  /** When the next claim may start (`claimSpacing`); a stop ends the wait. */
  let nextClaimAt = 0;
  const stopping = new AbortController();
  const spacedClaim = async (): Promise<Job[]> => {
    const wait = nextClaimAt - performance.now();
    // A stop ends the wait (the abort's rejection is the stop, not a failure).
    if (wait > 0) await delay(wait, undefined, { signal: stopping.signal }).catch(() => undefined);
    if (stopped) return [];
    const started = performance.now();
    const jobs = await options.claim(options.batchSize);
    const ended = performance.now();
    if (jobs.length) nextClaimAt = ended + (options.claimSpacing ?? 0) * (ended - started);
    return jobs;
  };

  async function round() {
    const claimed: Job[] = [];
    let noneDue = false;
    let claiming: Promise<void> | undefined;
    const claimMore = () =>
      (claiming ??= spacedClaim()
        .then((jobs) => {
          if (jobs.length === 0) noneDue = true;
          claimed.push(...jobs);
        })
        .finally(() => {
          claiming = undefined;
        }));
    const workUntilNoneDue = async () => {
      while (!stopped) {
        const job = claimed.shift();
        if (job === undefined) {
          if (noneDue) return;
          await claimMore();
          continue;
        }
        if (!noneDue && claimed.length < (options.claimBelow ?? 0)) {
          // Not awaited: a worker that finds none left awaits the same claim, and its failure.
          claimMore().catch((error: unknown) =>
            log.warn({ err: error, worker: options.name }, 'claim failed; trying again shortly'),
          );
        }
        try {
          await options.work(job);
        } catch (error) {
          log.warn({ err: error, worker: options.name }, 'job failed; its lease will run out');
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: options.concurrency }, workUntilNoneDue));
    } finally {
      // A claim still under way when the workers stopped adds its jobs to what is left.
      await claiming?.catch(() => undefined);
      unstarted.push(...claimed.splice(0));
    }
  }

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(kick, options.everyMs);
    timer.unref();
  };

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round();
        } catch (error) {
          log.warn({ err: error, worker: options.name }, 'round failed; trying again shortly');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
  }

  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await running;
      const left = unstarted.splice(0);
      if (left.length === 0 || !options.release) return;
      await options
        .release(left)
        .catch((error: unknown) =>
          log.warn(
            { err: error, worker: options.name, jobs: left.length },
            'claimed jobs not given back at stop; their leases will run out',
          ),
        );
    },
  };
}
