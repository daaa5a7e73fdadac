import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { startSyncResponse, syncResultResponse } from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import { insertUnlessHeld } from '@onvelope/service-kit/mongo';
import { isUnfinished, type SyncJobDocument } from '../data/sync-job.model.js';
import { ORDER_MAPPING_VERSION } from '../domain/bigcartel-order.js';
import { queueSyncJob } from '../events/sync-job-queue.js';
import {
  accessOf,
  connectionOf,
  jobsOf,
  syncMessages,
  type SyncDeps,
} from './store-front-access.js';

/** An unfinished job nobody has touched for this long has lost its message; it is queued again. */
const STALE_JOB_MS = 5 * 60_000;

export interface StartedJob {
  job: SyncJobDocument;
  alreadyRunning: boolean;
}

/**
 * Starts a sync of the connection as a background job, or hands back the one already queued or
 * running (one sync per connection at a time). An incremental sync asks only for orders changed
 * since the last completed sync; without one, it is a full (first) sync.
 */
export async function startSync(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
  wanted: 'full' | 'incremental',
): Promise<StartedJob> {
  const connection = await connectionOf(deps, accountId, connectionId);
  accessOf(deps, connection);
  const jobs = jobsOf(deps, accountId);
  const incremental =
    wanted === 'incremental' &&
    connection.syncedThrough !== null &&
    (connection.mappedWith ?? 0) >= ORDER_MAPPING_VERSION;
  const { record: job, inserted } = await insertUnlessHeld(
    async () =>
      (
        await jobs.create({
          connectionId,
          activeKey: connectionId,
          kind: incremental ? 'incremental' : 'full',
          updatedSince: incremental ? connection.syncedThrough : null,
        })
      ).toObject() as SyncJobDocument,
    () => jobs.findOne({ activeKey: connectionId }).lean<SyncJobDocument>(),
  );
  if (!inserted) {
    if (Date.now() - job.updatedAt.getTime() > STALE_JOB_MS) await queue(deps, job);
    return { job, alreadyRunning: true };
  }
  try {
    await queue(deps, job);
  } catch (error) {
    await jobs.updateOne(
      { _id: job._id },
      { $set: { status: 'failed', error: syncMessages.syncFailed }, $unset: { activeKey: 1 } },
    );
    deps.log.error({ err: error, jobId: String(job._id) }, 'queueing the sync job failed');
    throw new HttpError(503, `${syncMessages.syncFailed}: the sync queue is not available`);
  }
  return { job, alreadyRunning: false };
}

const queue = (deps: SyncDeps, job: SyncJobDocument) =>
  queueSyncJob(deps.nats, deps.queue, {
    jobId: String(job._id),
    accountId: job.accountId,
    connectionId: job.connectionId,
  });

/** POST .../sync-all: starts the job and answers at once. */
export async function startFullSync(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
): Promise<z.infer<typeof startSyncResponse>> {
  const { job, alreadyRunning } = await startSync(deps, accountId, connectionId, 'full');
  return {
    jobId: String(job._id),
    alreadyRunning,
    message: alreadyRunning
      ? 'A sync of this store is already running'
      : 'Sync started; it runs in the background',
  };
}

export type SyncNowResult =
  | { finished: true; result: z.infer<typeof syncResultResponse> }
  | { finished: false; result: z.infer<typeof syncResultResponse> };

const resultOf = (job: SyncJobDocument): z.infer<typeof syncResultResponse> => ({
  syncedCount: job.progress.syncedCount,
  totalOrders: job.progress.totalOrders,
  totalOrdersInStore: job.progress.totalOrdersInStore,
  pagesProcessed: job.progress.pagesProcessed,
  errorCount: job.progress.errorCount,
});

/**
 * POST .../sync: an incremental sync, waited for (it runs as a job like any other, on whichever
 * replica takes it). Past the wait limit the answer is the progress so far, marked unfinished.
 */
export async function syncNow(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
): Promise<SyncNowResult> {
  const { job } = await startSync(deps, accountId, connectionId, 'incremental');
  const jobs = jobsOf(deps, accountId);
  const deadline = Date.now() + deps.syncWaitTimeoutMs;
  let current: SyncJobDocument | null = job;
  while (current && isUnfinished(current) && Date.now() < deadline) {
    await sleep(200);
    current = await jobs.findById(String(job._id)).lean<SyncJobDocument>();
  }
  if (!current) throw new HttpError(404, syncMessages.noConnection);
  if (current.status === 'failed') {
    const message = current.error ?? syncMessages.syncFailed;
    throw new HttpError(message === syncMessages.authExpired ? 409 : 502, message);
  }
  return { finished: current.status === 'completed', result: resultOf(current) };
}
