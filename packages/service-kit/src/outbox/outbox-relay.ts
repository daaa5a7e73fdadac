import type { NatsConnection } from '@nats-io/nats-core';
import type { Logger } from '../observability/logger.js';
import type { OutboxBacklog } from '../observability/metrics.js';
import { watchOutbox } from '../nats/nats.js';

export interface OutboxRelayOptions {
  /** What the relay publishes, for its log lines (`tracking-entry outbox`). */
  name: string;
  /**
   * Publishes one round of what is stored but not yet published, marking each item published once
   * JetStream has acknowledged it, and throws when something is left (it is tried again after a
   * pause). `signal` is aborted when the relay stops: a long round ends between two items.
   */
  publishPending: (round: { signal: AbortSignal }) => Promise<void>;
  /**
   * What waits to be published, every seller's at once (`markedBacklog` reads it from marked
   * documents): scraped as `onvelope_outbox_pending` and `onvelope_outbox_oldest_age_seconds`,
   * what an operator watches to see publishing fall behind.
   */
  backlog: () => Promise<OutboxBacklog>;
  /** The connection the round publishes on: a round runs when it comes back, none while away. */
  nats: Pick<NatsConnection, 'status'>;
  log: Logger;
  /** The safety net: a round every `everyMs` when nothing asks for one (other replicas, leases). */
  everyMs: number;
  /** The first pause after a failed round; each failure doubles it, up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

export interface OutboxRelay {
  /** Asks for a round (a writer stored something to publish); answers at once. */
  kick(): void;
  /** Waits for the current round (ended early between items) and stops; no timer stays behind. */
  stop(): Promise<void>;
}

type Pause = { wake: () => void; byKick: boolean };

/**
 * The one loop of every transactional outbox: publishes what is stored but not yet published until
 * NATS acknowledges it, however long NATS is away. A round runs at start (what an instance left
 * behind), when kicked, when the connection to NATS comes back and every `everyMs`; never two at
 * once, and a kick during a round asks for one more after it. While NATS is away no round runs (a
 * publish could only wait for its timeout). A failed round is run again after a pause growing from
 * `minRetryMs` to `maxRetryMs`, which kicks do not cut short (a burst of writes would hammer a
 * failing dependency) but a reconnection does.
 *
 * @example
 * const relay = startOutboxRelay({ name: 'billing states', nats, log, everyMs: 15_000,
 *   publishPending: ({ signal }) => publishPendingStates(deps, signal),
 *   backlog: () => markedBacklog(accounts.collection, { pendingPublish: true }, 'updatedAt') });
 * // after storing a change whose publish failed:
 * relay.kick();
 */
export function startOutboxRelay({
  name,
  publishPending,
  backlog,
  nats,
  log,
  everyMs,
  minRetryMs = 250,
  maxRetryMs = 5_000,
}: OutboxRelayOptions): OutboxRelay {
  const stopping = new AbortController();
  const unwatch = watchOutbox(nats, { name, backlog });
  let wanted = true;
  let connected = true;
  let retryMs = minRetryMs;
  let pause: Pause | undefined;

  /** Waits `ms` (for ever when undefined) or until woken; answers whether the time ran out. */
  const pauseFor = (ms: number | undefined, byKick: boolean) =>
    new Promise<boolean>((resolve) => {
      if (stopping.signal.aborted) {
        resolve(false);
        return;
      }
      const end = (elapsed: boolean) => {
        clearTimeout(timer);
        pause = undefined;
        resolve(elapsed);
      };
      const timer = ms === undefined ? undefined : setTimeout(() => end(true), ms);
      timer?.unref();
      pause = { wake: () => end(false), byKick };
    });

  const statuses = nats.status();
  void (async () => {
    for await (const status of statuses) {
      if (status.type === 'disconnect') connected = false;
      if (status.type === 'reconnect') {
        connected = true;
        wanted = true;
        retryMs = minRetryMs;
        pause?.wake();
      }
    }
  })().catch((error: unknown) => {
    // Without the connection's news the safety net still runs rounds.
    connected = true;
    log.warn({ err: error }, `${name}: stopped following the NATS connection`);
  });

  const done = (async () => {
    while (!stopping.signal.aborted) {
      if (!wanted || !connected) {
        if (await pauseFor(connected ? everyMs : undefined, true)) wanted = true;
        continue;
      }
      wanted = false;
      try {
        await publishPending({ signal: stopping.signal });
        retryMs = minRetryMs;
      } catch (error) {
        log.warn({ err: error, retryInMs: retryMs }, `${name}: not all published; will retry`);
        wanted = true;
        const waitMs = retryMs;
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        await pauseFor(waitMs, false);
      }
    }
  })();

  return {
    kick() {
      wanted = true;
      if (pause?.byKick) pause.wake();
    },
    async stop() {
      unwatch();
      stopping.abort();
      pause?.wake();
      // nats.js answers its own iterator, which `stop` ends and unregisters from the connection.
      (statuses as Partial<{ stop(): void }>).stop?.();
      await done;
    },
  };
}
