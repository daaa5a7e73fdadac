import { randomUUID } from 'node:crypto';
import type { QueryFilter, Model, Types, UpdateQuery } from 'mongoose';
import { type Logger } from '@onvelope/service-kit/observability';
import { insertUnlessHeld } from '@onvelope/service-kit/mongo';

/** A running job that has not reported for this long lost its instance (a restart, a crash). */
export const STALE_JOB_MS = 2 * 60_000;

/**
 * What the runner reads and writes of a job document: the seller, the key held while it runs
 * (unique and sparse: one job of a kind at a time per seller, across instances), the lease of the
 * instance running it, and `updatedAt`, which moves with every report.
 */
export interface AccountJobDocument {
  _id: Types.ObjectId;
  accountId: string;
  runningKey?: string | null;
  leaseToken?: string | null;
  status: 'running' | 'done' | 'failed';
  message?: string | null;
  finishedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Another instance took the job over (this one was presumed lost): stop without writing. */
export class JobLeaseLost extends Error {}

/** One instance's hold on a running job. */
export interface JobLease {
  /**
   * Records progress and renews the lease; throws `JobLeaseLost` when another instance has taken
   * the job over meanwhile, so two instances never work on one job.
   */
  record(update: UpdateQuery<AccountJobDocument>): Promise<void>;
  /** Aborted when this instance stops: the work ends between two steps and the job is released. */
  signal: AbortSignal;
}

export interface AccountJobKind<D extends AccountJobDocument> {
  /** For log lines: 'keyword rule apply', 'bulk action'. */
  name: string;
  model: Model<D>;
  log: Logger;
  /**
   * Does the job's work, or resumes it from what it recorded; answers the fields to store once it
   * is done. Work that can be resumed records its position with `lease.record`.
   */
  work: (job: D, lease: JobLease) => Promise<object>;
  /** The job's message when its work threw. */
  failedMessage: string;
  staleMs?: number;
}

export interface AccountJobRunner<D extends AccountJobDocument> {
  /**
   * Stores a new running job for the seller and works on it in the background, unless one of the
   * kind runs for them already: then answers that one, `inserted` false.
   */
  start(
    accountId: string,
    fields: Partial<Record<Exclude<keyof D, keyof AccountJobDocument>, unknown>>,
  ): Promise<{ job: D; inserted: boolean }>;
  /** Marks the seller's running job failed with `message` if it stopped reporting. */
  failStale(accountId: string, message: string): Promise<void>;
  /** Takes over every running job that stopped reporting (its instance died) and resumes it. */
  resumeStale(): Promise<number>;
  /** Ends the work under way between two steps and releases its jobs for the next instance. */
  stop(): Promise<void>;
}

/**
 * The runner of every long job of a seller (rule apply, bulk actions): one at a time per seller,
 * progress stored, and held by its instance with a lease that every report renews. A job whose
 * instance stopped reporting for `staleMs` is either marked failed (work that must be asked for
 * again) or resumed by another instance (`resumeStale`); a stopping instance releases its jobs at
 * once. Without multi-document transactions, every write names the lease: an instance that lost
 * its job to another never writes to it again.
 */
export function accountJobRunner<D extends AccountJobDocument>(
  kind: AccountJobKind<D>,
): AccountJobRunner<D> {
  const { model, log, staleMs = STALE_JOB_MS } = kind;
  // The model's own type cannot take the runner's fields without casts at each call.
  const jobs = model as unknown as Model<AccountJobDocument>;
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  const staleBefore = () => new Date(Date.now() - staleMs);

  const run = (job: D, leaseToken: string) => {
    const held = { _id: job._id, leaseToken };
    const write = async (update: UpdateQuery<AccountJobDocument>, timestamps = true) => {
      const { matchedCount } = await jobs.updateOne(held, update, { timestamps });
      if (!matchedCount) throw new JobLeaseLost();
    };
    const finish = (set: object) =>
      write({ $set: { ...set, finishedAt: new Date() }, $unset: { runningKey: 1, leaseToken: 1 } });
    const lease: JobLease = { record: (update) => write(update), signal: stopping.signal };

    const work = (async () => {
      try {
        const end = await kind.work(job, lease);
        // Stopped part-way: the next instance resumes at once (`updatedAt` long past).
        if (stopping.signal.aborted) {
          await write({ $set: { updatedAt: new Date(0) }, $unset: { leaseToken: 1 } }, false);
          return;
        }
        await finish({ ...end, status: 'done' });
      } catch (error) {
        if (error instanceof JobLeaseLost) {
          log.warn({ jobId: String(job._id) }, `${kind.name}: taken over by another instance`);
          return;
        }
        log.error({ err: error, accountId: job.accountId }, `${kind.name} failed`);
        // Nothing more to do: the job is seen as stopped once it is stale.
        await finish({ status: 'failed', message: kind.failedMessage }).catch(() => undefined);
      }
    })();
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  return {
    async start(accountId, fields) {
      const leaseToken = randomUUID();
      const { record, inserted } = await insertUnlessHeld(
        async () =>
          (
            await jobs.create({
              ...fields,
              accountId,
              runningKey: accountId,
              leaseToken,
              status: 'running',
            })
          ).toObject() as unknown as D,
        () => model.findOne({ runningKey: accountId } as QueryFilter<D>).lean<D>(),
      );
      if (inserted) run(record, leaseToken);
      return { job: record, inserted };
    },

    async failStale(accountId, message) {
      await jobs.updateOne(
        { runningKey: accountId, updatedAt: { $lt: staleBefore() } },
        {
          $set: { status: 'failed', message, finishedAt: new Date() },
          $unset: { runningKey: 1, leaseToken: 1 },
        },
      );
    },

    async resumeStale() {
      let resumed = 0;
      while (!stopping.signal.aborted) {
        const leaseToken = randomUUID();
        const job = await model
          .findOneAndUpdate(
            { status: 'running', updatedAt: { $lt: staleBefore() } } as QueryFilter<D>,
            { $set: { leaseToken } },
            { returnDocument: 'after' },
          )
          .lean<D>();
        if (!job) break;
        log.info({ jobId: String(job._id), accountId: job.accountId }, `${kind.name}: resumed`);
        run(job, leaseToken);
        resumed += 1;
      }
      return resumed;
    },

    async stop() {
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}
