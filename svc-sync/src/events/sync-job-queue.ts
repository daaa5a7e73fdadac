import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { syncJobQueued, syncJobsStream, type PayloadOf } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import {
  durableConsumerOf,
  ensureStream,
  isNotFound,
  setUpOptions,
  whileStreamSettles,
  type NatsConnection,
} from '@onvelope/service-kit/nats';

export type QueuedSyncJob = PayloadOf<typeof syncJobQueued>;

export interface JobQueueSettings {
  streamName: string;
  /** Messages go to `<subjectPrefix>.queued`; the stream holds `<subjectPrefix>.>`. */
  subjectPrefix: string;
  consumerName: string;
  ackWaitMs: number;
}

/**
 * Creates the work-queue stream (with the deployment's copies, `NATS_STREAM_REPLICAS`) and its one
 * durable pull consumer (every replica pulls from it, so each job goes to one replica). Safe to
 * call from every replica at start-up.
 */
export async function ensureJobQueue(nc: NatsConnection, settings: JobQueueSettings) {
  await ensureStream(nc, {
    ...syncJobsStream,
    name: settings.streamName,
    subjects: [`${settings.subjectPrefix}.>`],
  });
  const jsm = await jetstreamManager(nc, setUpOptions);
  const consumer = {
    durable_name: settings.consumerName,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(settings.ackWaitMs),
    max_deliver: -1,
  };
  try {
    await whileStreamSettles(() => jsm.consumers.add(settings.streamName, consumer));
  } catch (error) {
    if (isNotFound(error)) throw error;
    // It exists with other settings (a new ack wait): bring it in line.
    await jsm.consumers.update(settings.streamName, settings.consumerName, {
      ack_wait: consumer.ack_wait,
      max_deliver: consumer.max_deliver,
    });
  }
}

/** Queues a job; the job id is the message id, so a repeated publish is dropped. */
export async function queueSyncJob(
  nc: NatsConnection,
  settings: JobQueueSettings,
  job: QueuedSyncJob,
): Promise<void> {
  const payload = syncJobQueued.payload.parse(job);
  await jetstream(nc).publish(`${settings.subjectPrefix}.queued`, JSON.stringify(payload), {
    msgID: job.jobId,
  });
}

/** What became of a delivered job: done (ack), or to be handed out again after a delay (nak). */
export type JobOutcome = { done: true } | { done: false; retryInMs: number };

export interface JobControl {
  /** Aborted when the replica is stopping: finish the current page and hand the job back. */
  signal: AbortSignal;
  /** Tells JetStream the job is alive (resets the ack wait). */
  touch(): void;
  redelivered: boolean;
}

export interface JobWorkers {
  stop(): Promise<void>;
}

/**
 * Runs `concurrency` pull loops on the shared consumer. Each loop takes one job at a time, so an
 * idle replica takes the next job rather than a busy one hoarding it.
 */
export async function startJobWorkers(
  nc: NatsConnection,
  settings: JobQueueSettings,
  concurrency: number,
  run: (job: QueuedSyncJob, control: JobControl) => Promise<JobOutcome>,
  log: Logger,
): Promise<JobWorkers> {
  const consumer = await durableConsumerOf(nc, settings.streamName, settings.consumerName);
  const stopping = new AbortController();

  async function handle(message: JsMsg) {
    let job: QueuedSyncJob;
    try {
      job = syncJobQueued.payload.parse(message.json());
    } catch (error) {
      log.error({ err: error }, 'sync job message breaks its contract; dropped');
      message.term();
      return;
    }
    try {
      const outcome = await run(job, {
        signal: stopping.signal,
        touch: () => message.working(),
        redelivered: message.redelivered,
      });
      if (outcome.done) message.ack();
      else message.nak(outcome.retryInMs);
    } catch (error) {
      log.warn({ err: error, jobId: job.jobId }, 'sync job interrupted; it will be retried');
      message.nak(5_000);
    }
  }

  const loops = Array.from({ length: concurrency }, async () => {
    while (!stopping.signal.aborted) {
      let message: JsMsg | null = null;
      try {
        message = await consumer.next({ expires: 2_000 });
      } catch (error) {
        if (stopping.signal.aborted || nc.isClosed()) return;
        log.warn({ err: error }, 'pulling sync jobs failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      if (message) await handle(message);
    }
  });

  return {
    async stop() {
      stopping.abort();
      await Promise.all(loops);
    },
  };
}
