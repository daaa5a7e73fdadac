import type { z } from 'zod';
import type { syncProgressResponse } from '@onvelope/contracts';
import { isUnfinished, type SyncJobDocument } from '../data/sync-job.model.js';
import { connectionOf, jobsOf, type SyncDeps } from './store-front-access.js';

type SyncProgress = z.infer<typeof syncProgressResponse>;

const idle: SyncProgress['progress'] = {
  phase: 'starting',
  ordersFound: 0,
  ordersProcessed: 0,
  totalOrders: 0,
  totalOrdersInStore: 0,
  currentPage: 0,
  percentage: 0,
  syncedCount: 0,
  errorCount: 0,
  elapsedSeconds: 0,
  pagesProcessed: 0,
};

/** GET .../sync-progress (spec 000 §3 "Sync progress"): the connection's latest job. */
export async function readSyncProgress(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
  now = Date.now(),
): Promise<SyncProgress> {
  const connection = await connectionOf(deps, accountId, connectionId);
  const job = await jobsOf(deps, accountId)
    .findOne({ connectionId })
    .sort({ createdAt: -1, _id: -1 })
    .lean<SyncJobDocument>();
  if (!job) {
    return {
      progress: idle,
      syncStatus: 'idle',
      isCurrentlySyncing: false,
      lastSyncError: connection.lastSyncError ?? null,
    };
  }
  return {
    progress: progressOf(job, now),
    syncStatus: job.status,
    isCurrentlySyncing: isUnfinished(job),
    lastSyncError: job.error ?? connection.lastSyncError ?? null,
  };
}

export function progressOf(job: SyncJobDocument, now: number): SyncProgress['progress'] {
  const { progress } = job;
  const percentage =
    job.status === 'completed'
      ? 100
      : progress.totalOrders > 0
        ? Math.min(99, Math.floor((progress.ordersProcessed / progress.totalOrders) * 100))
        : 0;
  const started = (job.startedAt ?? job.createdAt).getTime();
  const ended = job.finishedAt?.getTime() ?? now;
  return {
    phase: progress.phase,
    ordersFound: progress.ordersFound,
    ordersProcessed: progress.ordersProcessed,
    totalOrders: progress.totalOrders,
    totalOrdersInStore: progress.totalOrdersInStore,
    currentPage: progress.currentPage,
    percentage,
    syncedCount: progress.syncedCount,
    errorCount: progress.errorCount,
    elapsedSeconds: Math.max(0, Math.round((ended - started) / 1000)),
    pagesProcessed: progress.pagesProcessed,
  };
}
