import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';

/**
 * The sync work queue: one message per sync job, shared by every svc-sync replica through one
 * durable pull consumer. WorkQueue retention removes a message once it is acknowledged, so a job
 * is handed to one replica at a time; a job whose worker dies (no ack within the ack wait) is
 * redelivered to another, which resumes from the cursor stored on the job document.
 * Deployments that share one NATS between several installations may rename the stream and its
 * subject prefix (svc-sync's SYNC_STREAM_NAME and SYNC_JOBS_SUBJECT).
 */
export const syncJobsStream = defineStream({
  name: 'SYNC_JOBS',
  subjects: ['sync.jobs.>'],
  workQueue: true,
});

/** A sync job was queued; the job document (in svc-sync's database) holds everything else. */
export const syncJobQueued = defineEvent({
  subject: 'sync.jobs.queued',
  stream: syncJobsStream,
  payload: z.object({
    jobId: z.string().min(1),
    accountId: z.string().min(1),
    connectionId: z.string().min(1),
  }),
});
