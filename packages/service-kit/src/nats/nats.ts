import { setTimeout as delay } from 'node:timers/promises';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  type ConsumerMessages,
  type JetStreamOptions,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  headers as natsHeaders,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { z } from 'zod';
import type { CommandContract, EventContract, StreamContract } from '@onvelope/contracts';
import { HttpError } from '../errors/errors.js';
import type { Logger } from '../observability/logger.js';
import {
  messagingMetrics,
  type MessagingMetrics,
  type Metrics,
  type WatchedOutbox,
} from '../observability/metrics.js';
import { natsConnectOptions } from './nats-connect-options.js';
import { inBatchProcessSpan, inProcessSpan, inSendSpan } from '../observability/message-spans.js';
import { traceparentHeader } from '../observability/trace-context.js';

export type { NatsConnection, Subscription };

// The helpers below take only a connection; the metrics they count on are found through it.
const metricsByConnection = new WeakMap<object, MessagingMetrics>();

/**
 * Makes `publishEvent` and `consumeEvents` count on `metrics` what they do over `nc`
 * (`createService` does this for its connection).
 */
export function recordMessagingMetrics(nc: NatsConnection, metrics: Metrics): void {
  metricsByConnection.set(nc, messagingMetrics(metrics));
}

/**
 * Reports an outbox's backlog with the metrics of the service `nc` belongs to (none when it records
 * none) until the answer is called; the outbox relay does it for every outbox it publishes.
 */
export function watchOutbox(nc: Pick<NatsConnection, 'status'>, outbox: WatchedOutbox): () => void {
  return metricsByConnection.get(nc)?.watchOutbox(outbox) ?? (() => undefined);
}

/** Headers carrying a trace on to whoever receives the message, if there is a trace. */
function traceHeaders(traceparent: string | undefined): MsgHdrs | undefined {
  if (!traceparent) return undefined;
  const headers = natsHeaders();
  headers.set(traceparentHeader, traceparent);
  return headers;
}

/**
 * Connects to `url`, which may carry `user:password@` (a NATS account's user), and reconnects for
 * ever when the server goes away.
 */
export async function connectNats(
  url: string,
  name: string,
  { streamReplicas = 1 }: { streamReplicas?: number } = {},
): Promise<NatsConnection> {
  const nc = await connect({
    ...natsConnectOptions(url),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  streamReplicasByConnection.set(nc, streamReplicas);
  return nc;
}

/**
 * The options of a JetStream client (`jetstream`, `jetstreamManager`) for calls made while a
 * service starts: adding or reading streams and consumers. Their timeout is 20 s: a clustered
 * stream answers once its peers agree, and a cluster whose every app starts at once on a loaded
 * machine took longer than the client's 5 s default (an app's start then failed with "timeout").
 */
export const setUpOptions: JetStreamOptions = { timeout: 20_000 };

/** How many copies of a stream `ensureStream` asks for on a connection (`NATS_STREAM_REPLICAS`). */
const streamReplicasByConnection = new WeakMap<NatsConnection, number>();

/** Round trip to the server; fails when the connection is closed or the server does not answer. */
export async function pingNats(nc: NatsConnection, timeoutMs = 2_000): Promise<void> {
  if (nc.isClosed()) throw new Error('connection closed');
  await Promise.race([
    nc.flush(),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('flush timed out')), timeoutMs).unref(),
    ),
  ]);
}

/**
 * Creates the stream, or brings an existing one to the contract: widens its subjects, sets its
 * maximum age (a release that adds or changes `maxAgeSeconds` applies it to the stream made
 * before), and raises its copies to the connection's `streamReplicas` (never lowers them: a process
 * asking for fewer, such as one started without the setting, leaves a cluster's streams as they
 * are); safe to call from every instance.
 */
export async function ensureStream(nc: NatsConnection, stream: StreamContract): Promise<void> {
  const jsm = await jetstreamManager(nc, setUpOptions);
  const replicas = streamReplicasByConnection.get(nc) ?? 1;
  // JetStream's 0 is "no maximum age", as an absent `maxAgeSeconds` is.
  const maxAge = (stream.maxAgeSeconds ?? 0) * 1e9;
  try {
    const info = await jsm.streams.info(stream.name);
    const missing = stream.subjects.filter((s) => !info.config.subjects.includes(s));
    const fewer = info.config.num_replicas < replicas;
    const otherAge = info.config.max_age !== maxAge;
    if (missing.length || fewer || otherAge) {
      await jsm.streams.update(stream.name, {
        subjects: [...info.config.subjects, ...missing],
        ...(fewer ? { num_replicas: replicas } : {}),
        ...(otherAge ? { max_age: maxAge } : {}),
      });
    }
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // Two minutes of message-id dedupe covers publisher retries (JetStream's default window).
    await jsm.streams.add({
      name: stream.name,
      subjects: stream.subjects,
      num_replicas: replicas,
      duplicate_window: 120e9,
      max_age: maxAge,
      ...(stream.workQueue ? { retention: RetentionPolicy.Workqueue } : {}),
      ...(stream.maxMessagesPerSubject
        ? { max_msgs_per_subject: stream.maxMessagesPerSubject }
        : {}),
    });
  }
}

/** How long a consumer's set-up asks again while its stream, just added, is not found yet. */
const STREAM_SETTLE_MS = 10_000;

/**
 * A durable consumer of `stream`, read once the stream is placed (`whileStreamSettles`) and with
 * the set-up calls' timeout: what every worker of a consumer added at start-up reads back.
 */
export function durableConsumerOf(nc: NatsConnection, stream: string, durableName: string) {
  return whileStreamSettles(() => jetstream(nc, setUpOptions).consumers.get(stream, durableName));
}

/**
 * Runs a set-up call on a stream (adding a consumer, reading it back), asked again while JetStream
 * answers that the stream is not found, for up to `STREAM_SETTLE_MS`: on a cluster a stream another
 * instance has just added is answered "not found" until its peers have placed it (two replicas of
 * a service starting at once on a fresh three-node cluster failed their start that way, at the
 * consumer's add and, once, at reading the consumer back: "svc-sync-1 start-up failed: stream not
 * found").
 */
export async function whileStreamSettles<T>(call: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + STREAM_SETTLE_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    try {
      return await call();
    } catch (error) {
      if (!isNotFound(error) || Date.now() >= giveUpAt) throw error;
      await delay(wait);
    }
  }
}

/**
 * JetStream's "not there" answer (no such stream or consumer). A missing message is no error: the
 * manager's `streams.getMessage` answers `null` for it.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.status === 404;
}

/**
 * Publishes an event after checking it against its contract. `messageId` lets JetStream drop a
 * repeat publish of the same fact (retries after a timeout, a re-run job). The current trace
 * travels in a `traceparent` header.
 */
export async function publishEvent<T extends z.ZodType>(
  nc: NatsConnection,
  event: EventContract<T>,
  payload: z.infer<T>,
  messageId: string,
): Promise<{ duplicate: boolean; seq: number }> {
  const checked = event.payload.parse(payload);
  const ack = await inSendSpan(event.subject, (traceparent) => {
    const headers = traceHeaders(traceparent);
    return jetstream(nc).publish(event.subject, JSON.stringify(checked), {
      msgID: messageId,
      ...(headers ? { headers } : {}),
    });
  });
  if (!ack.duplicate) metricsByConnection.get(nc)?.published.inc({ subject: event.subject });
  return { duplicate: ack.duplicate, seq: ack.seq };
}

export interface DeliveredEvent<T> {
  payload: T;
  messageId: string | undefined;
  redelivered: boolean;
}

export interface EventConsumer {
  stop(): Promise<void>;
}

/**
 * When an event of a newer version than the consumer reads comes round again: with the
 * consumer's 20 deliveries it is kept for about five hours, a rolling upgrade's worth.
 */
const NEWER_EVENT_RETRY_MS = 15 * 60_000;

/** How long the server waits for an event's acknowledgement (or progress) before redelivering it. */
const ACK_WAIT_MS = 30_000;

/** How long a failed event waits before it is delivered again. */
const RETRY_MS = 2_000;

export interface ConsumeOptions {
  /**
   * Where a consumer that does not exist yet starts: at the first event the stream keeps (the
   * default: a new consumer catches up with what it missed) or at events published from then on
   * (a consumer for which what happened before it existed is history, not work). Once made, the
   * durable consumer goes on from where it stopped either way.
   */
  startAt?: 'first' | 'new';
}

/** What became of a consumed message, as the consumer metrics count it. */
type ConsumeOutcome = 'acked' | 'retried' | 'deferred' | 'dropped';

/** A durable consumer's messages, with what both kinds of consumer do around their handlers. */
interface OpenedConsumer<T extends z.ZodType> {
  messages: ConsumerMessages;
  count(outcome: ConsumeOutcome): void;
  /** The message's event, or undefined once it was deferred or dropped for breaking its contract. */
  decode(message: JsMsg): DeliveredEvent<z.infer<T>> | undefined;
  unwatch(): void;
}

async function openConsumer<T extends z.ZodType>(
  nc: NatsConnection,
  event: EventContract<T>,
  durableName: string,
  log: Logger,
  startAt: ConsumeOptions['startAt'],
  maxMessages: number,
): Promise<OpenedConsumer<T>> {
  await ensureStream(nc, event.stream);
  const jsm = await jetstreamManager(nc, setUpOptions);
  await whileStreamSettles(() =>
    jsm.consumers.add(event.stream.name, {
      durable_name: durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: startAt === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      filter_subject: event.subject,
      ack_wait: ACK_WAIT_MS * 1e6,
      max_deliver: 20,
    }),
  );
  const consumer = await durableConsumerOf(nc, event.stream.name, durableName);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: maxMessages });

  const metrics = metricsByConnection.get(nc);
  const count = (outcome: ConsumeOutcome) =>
    metrics?.consumed.inc({ subject: event.subject, outcome });
  const unwatch = metrics?.watchConsumer({
    stream: event.stream.name,
    name: durableName,
    async backlog() {
      const info = await jsm.consumers.info(event.stream.name, durableName);
      return { pending: info.num_pending, ackPending: info.num_ack_pending };
    },
  });

  function decode(message: JsMsg): DeliveredEvent<z.infer<T>> | undefined {
    metrics?.consumeLag.observe(
      { subject: event.subject },
      Math.max(0, Date.now() - Number(message.info.timestampNanos) / 1e6) / 1000,
    );
    let decoded: unknown;
    try {
      decoded = message.json();
      return {
        payload: event.payload.parse(decoded),
        messageId: message.headers?.get('Nats-Msg-Id') || undefined,
        redelivered: message.redelivered,
      };
    } catch (error) {
      const declared = (decoded as { eventVersion?: unknown } | undefined)?.eventVersion;
      if (typeof declared === 'number' && declared > (event.version ?? 1)) {
        // A publisher already upgraded: this release cannot read it, the next one will.
        log.warn(
          { subject: message.subject, eventVersion: declared },
          'event of a newer version kept for a later release',
        );
        message.nak(NEWER_EVENT_RETRY_MS);
        count('deferred');
        return undefined;
      }
      log.error({ err: error, subject: message.subject }, 'event breaks its contract; dropped');
      message.term();
      count('dropped');
      return undefined;
    }
  }

  return { messages, count, decode, unwatch: () => unwatch?.() };
}

/**
 * Consumes an event through a durable consumer shared by every instance of the service (so
 * instances split the work). The handler must be idempotent: JetStream delivers at least once.
 * A payload that breaks the contract is terminated (never retried); a failing handler is retried
 * after a delay. The handler runs in the publisher's trace (its `traceparent` header), so its log
 * lines carry the same trace id.
 */
export async function consumeEvents<T extends z.ZodType>(
  nc: NatsConnection,
  event: EventContract<T>,
  durableName: string,
  handler: (delivered: DeliveredEvent<z.infer<T>>) => Promise<void>,
  log: Logger,
  { startAt = 'first' }: ConsumeOptions = {},
): Promise<EventConsumer> {
  const { messages, count, decode, unwatch } = await openConsumer(
    nc,
    event,
    durableName,
    log,
    startAt,
    64,
  );
  let stopping = false;
  const done = (async () => {
    for await (const message of messages) {
      // The iterator still hands out what it had buffered when stopped: those go back to the
      // server at once, for another instance (or this one, started again) to take.
      if (stopping) message.nak();
      else await handle(message);
    }
  })();

  function handle(message: JsMsg) {
    return inProcessSpan(event.subject, message.headers?.get(traceparentHeader), () =>
      handleInTrace(message),
    );
  }

  async function handleInTrace(message: JsMsg) {
    const delivered = decode(message);
    if (!delivered) return;
    // A long handler tells the server it is still working, or the message would be redelivered
    // to another instance when the ack wait ends and handled twice.
    const progress = setInterval(() => message.working(), ACK_WAIT_MS / 3);
    try {
      await handler(delivered);
      message.ack();
      count('acked');
    } catch (error) {
      log.warn({ err: error, subject: message.subject }, 'event handler failed; will retry');
      message.nak(RETRY_MS);
      count('retried');
    } finally {
      clearInterval(progress);
    }
  }

  return {
    /** Resolves once the message in hand is handled; the ones fetched after it are returned. */
    async stop() {
      stopping = true;
      unwatch();
      messages.stop();
      await done;
    },
  };
}

export interface ConsumeBatchOptions extends ConsumeOptions {
  /** The most events handed to the handler at once (64). */
  maxBatch?: number;
}

/**
 * Hands the handler what a batch of events failed on: the events it could not handle, each with
 * its error. Every other event of the batch counts as handled.
 */
export type BatchFailures<P> = ReadonlyMap<DeliveredEvent<P>, unknown>;

/**
 * Consumes an event like `consumeEvents`, but hands the handler the events already delivered to
 * this instance together (up to `maxBatch`; never waiting for more), so that it can handle them
 * with a few round trips instead of a few for each. The handler resolves with the events it could
 * not handle: those are retried after a delay, the others acknowledged; a handler that throws has
 * the whole batch retried. It must be idempotent, as with `consumeEvents`, and handle the events of
 * a batch as if one after the other, in the order given (the order they were delivered). A payload
 * that breaks the contract is terminated and left out of the batch. The handler runs in the trace
 * of the batch's first event.
 *
 * @example
 * await consumeEventBatches(nc, shipmentTrackingUpdated, 'svc-orders-shipment-tracking',
 *   async (batch) => applyAll(batch.map(({ payload }) => payload)), log);
 */
export async function consumeEventBatches<T extends z.ZodType>(
  nc: NatsConnection,
  event: EventContract<T>,
  durableName: string,
  handler: (batch: DeliveredEvent<z.infer<T>>[]) => Promise<BatchFailures<z.infer<T>>>,
  log: Logger,
  { startAt = 'first', maxBatch = 64 }: ConsumeBatchOptions = {},
): Promise<EventConsumer> {
  // Twice a batch fetched: the next batch is on its way while this one is handled.
  const { messages, count, decode, unwatch } = await openConsumer(
    nc,
    event,
    durableName,
    log,
    startAt,
    maxBatch * 2,
  );
  const iterator = messages[Symbol.asyncIterator]();
  let stopping = false;
  const done = (async () => {
    let next = iterator.next();
    for (;;) {
      const first = await next;
      if (first.done) return;
      const batch = [first.value];
      next = iterator.next();
      // What the iterator has buffered comes within microtasks; the macrotask ends the batch
      // before the iterator starts waiting for the server (that call of `next` is kept for later).
      const nothingBuffered = new Promise<undefined>((resolve) =>
        setImmediate(() => resolve(undefined)),
      );
      while (batch.length < maxBatch) {
        const more = await Promise.race([next, nothingBuffered]);
        if (!more) break;
        if (more.done) {
          next = Promise.resolve(more);
          break;
        }
        batch.push(more.value);
        next = iterator.next();
      }
      // As in `consumeEvents`: what was buffered when stopped goes back to the server at once.
      if (stopping) for (const message of batch) message.nak();
      else await handle(batch);
    }
  })();

  function handle(batch: JsMsg[]) {
    return inBatchProcessSpan(
      event.subject,
      batch.map((message) => message.headers?.get(traceparentHeader)),
      () => handleInTrace(batch),
    );
  }

  async function handleInTrace(batch: JsMsg[]) {
    const delivered = new Map<DeliveredEvent<z.infer<T>>, JsMsg>();
    for (const message of batch) {
      const one = decode(message);
      if (one) delivered.set(one, message);
    }
    if (!delivered.size) return;
    const progress = setInterval(() => {
      for (const message of delivered.values()) message.working();
    }, ACK_WAIT_MS / 3);
    let failures: BatchFailures<z.infer<T>>;
    try {
      failures = await handler([...delivered.keys()]);
    } catch (error) {
      failures = new Map([...delivered.keys()].map((one) => [one, error]));
    } finally {
      clearInterval(progress);
    }
    for (const [one, message] of delivered) {
      if (!failures.has(one)) {
        message.ack();
        count('acked');
        continue;
      }
      log.warn(
        { err: failures.get(one), subject: message.subject },
        'event handler failed; will retry',
      );
      message.nak(RETRY_MS);
      count('retried');
    }
  }

  return {
    /** Resolves once the batch in hand is handled; the events fetched after it are returned. */
    async stop() {
      stopping = true;
      unwatch();
      messages.stop();
      await done;
    },
  };
}

const commandReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), status: z.number().int(), error: z.string() }),
]);

/**
 * Sends a command and waits for its reply; the reply is checked against the contract. The current
 * trace travels in a `traceparent` header.
 */
export async function requestCommand<Req extends z.ZodType, Res extends z.ZodType>(
  nc: NatsConnection,
  command: CommandContract<Req, Res>,
  request: z.infer<Req>,
  timeoutMs = 10_000,
): Promise<z.infer<Res>> {
  const reply = await inSendSpan(command.subject, (traceparent) => {
    const headers = traceHeaders(traceparent);
    return nc.request(command.subject, JSON.stringify(command.request.parse(request)), {
      timeout: timeoutMs,
      ...(headers ? { headers } : {}),
    });
  });
  const envelope = commandReply.safeParse(reply.json());
  if (!envelope.success)
    throw new Error(`${command.subject} answered with something that is not a command reply`);
  const body = envelope.data;
  if (!body.ok) throw new HttpError(body.status, body.error);
  return command.response.parse(body.result);
}

/**
 * Answers a command. Instances of a service form a queue group, so each request is answered once.
 * Errors travel back to the requester as `{ ok: false, error, status }`. The handler runs in the
 * requester's trace.
 */
export function serveCommand<Req extends z.ZodType, Res extends z.ZodType>(
  nc: NatsConnection,
  command: CommandContract<Req, Res>,
  queue: string,
  handler: (request: z.infer<Req>) => Promise<z.infer<Res>>,
  log: Logger,
): Subscription {
  const subscription = nc.subscribe(command.subject, { queue });
  void (async () => {
    for await (const message of subscription) {
      await inProcessSpan(command.subject, message.headers?.get(traceparentHeader), async () => {
        try {
          const request = command.request.parse(message.json());
          const result = command.response.parse(await handler(request));
          message.respond(JSON.stringify({ ok: true, result }));
        } catch (error) {
          const status = error instanceof HttpError ? error.status : 500;
          if (status >= 500) log.error({ err: error, subject: command.subject }, 'command failed');
          message.respond(
            JSON.stringify({
              ok: false,
              status,
              error: status >= 500 ? 'Internal error' : (error as Error).message,
            }),
          );
        }
      });
    }
  })();
  return subscription;
}
