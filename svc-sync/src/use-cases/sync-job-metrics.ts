import type { Connection } from 'mongoose';
import type { Metrics } from '@onvelope/service-kit/observability';
import { syncJobModel, type SyncJobDocument } from '../data/sync-job.model.js';

export type SyncJobOutcome = 'completed' | 'failed';

/** What operators scale svc-sync's workers on (issue 36): jobs waiting and running, and how long they take. */
export interface SyncJobMetrics {
  /** A job ended: `sync_jobs_total{outcome}` and, from its start, `sync_job_duration_seconds{outcome}`. */
  finished(
    outcome: SyncJobOutcome,
    job: Pick<SyncJobDocument, 'startedAt' | 'createdAt'>,
    finishedAt: Date,
  ): void;
}

// Seconds: a new seller's first sync reads thousands of orders; an update reads one page.
const durationBuckets = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];

export function syncJobMetrics(metrics: Metrics, db: Connection): SyncJobMetrics {
  const finishedJobs = metrics.counter({
    name: 'sync_jobs_total',
    help: 'Sync jobs finished, by outcome',
    labelNames: ['outcome'],
  });
  const durations = metrics.histogram({
    name: 'sync_job_duration_seconds',
    help: 'Time from a sync job starting to run to its end, by outcome',
    labelNames: ['outcome'],
    buckets: durationBuckets,
  });
  metrics.gauge({
    name: 'sync_jobs',
    help: 'Sync jobs of every store queued and running now (the same figure on every replica)',
    labelNames: ['state'],
    async collect() {
      // Every seller's jobs at once: an operator's figure, not a tenant's read.
      const counts = await syncJobModel(db).aggregate<{ _id: string; count: number }>([
        { $match: { status: { $in: ['queued', 'running'] } } },
        { $group: { _id: '$status', count: { $sum: 1 } } },
      ]);
      for (const state of ['queued', 'running']) {
        this.set({ state }, counts.find((count) => count._id === state)?.count ?? 0);
      }
    },
  });
  return {
    finished(outcome, job, finishedAt) {
      finishedJobs.inc({ outcome });
      const started = (job.startedAt ?? job.createdAt).getTime();
      durations.observe({ outcome }, Math.max(0, finishedAt.getTime() - started) / 1000);
    },
  };
}
