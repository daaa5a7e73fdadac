import { RequestLog } from '@onvelope/sim-kit';
import { EventLog } from './events.js';
import { FaultState } from './faults.js';
import { easyPostId } from './ids.js';
import { type RequestRecord } from './request-log.js';
import { TrackerStore } from './trackers.js';
import { WebhookStore } from './webhooks.js';

export interface SimConfig {
  /** The time between two checkpoints of a tracker's life. */
  stepMs: number;
  /** Attempts per webhook delivery, the first included. */
  webhookMaxAttempts: number;
  /** Wait before the first retry; doubles on each further one. */
  webhookRetryMs: number;
  /** How long a receiver may take to answer one attempt. */
  webhookTimeoutMs: number;
}

/** Everything the simulator holds, in memory. */
export class SimState {
  readonly trackers = new TrackerStore();
  readonly webhooks = new WebhookStore();
  readonly events = new EventLog();
  readonly faults = new FaultState();
  readonly requests = new RequestLog<RequestRecord>();
  /** The user every event names (`user_id`). */
  readonly userId = easyPostId('user');
  /** Moved forward by the admin API to make lives happen sooner. */
  clockOffsetMs = 0;
  /** Where `public_url` points: the simulator's own address once it listens. */
  publicUrl = 'http://127.0.0.1';

  constructor(readonly config: SimConfig) {}

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }
}
