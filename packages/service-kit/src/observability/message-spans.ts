import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import {
  continueTrace,
  formatTraceparent,
  outgoingTraceparent,
  runInTrace,
  traceparentHeader,
} from './trace-context.js';
import { telemetryOn, traceOf } from './telemetry-switch.js';

// There is no OpenTelemetry instrumentation for the NATS client: its spans are made here, named
// and attributed as the messaging semantic conventions ask (`send <subject>`, `process <subject>`).
const tracer = trace.getTracer('@onvelope/service-kit/nats');

const messaging = (subject: string, operation: 'send' | 'process') => ({
  'messaging.system': 'nats',
  'messaging.destination.name': subject,
  'messaging.operation.type': operation,
  'messaging.operation.name': operation,
});

async function ending<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Sends a message on `subject` in a producer span, handing `send` the `traceparent` to put on it:
 * the producer span's while OpenTelemetry is on, else a child of the current hand-made trace (or
 * none outside a trace, as before telemetry).
 */
export function inSendSpan<T>(
  subject: string,
  send: (traceparent: string | undefined) => Promise<T>,
): Promise<T> {
  if (!telemetryOn()) return send(outgoingTraceparent());
  return tracer.startActiveSpan(
    `send ${subject}`,
    { kind: SpanKind.PRODUCER, attributes: messaging(subject, 'send') },
    (span) => ending(span, () => send(formatTraceparent(traceOf(span.spanContext())))),
  );
}

/** `base` with the trace a `traceparent` names as its parent (as it is, when there is none). */
const withSender = (base: Context, traceparent: string | undefined): Context =>
  propagation.extract(base, traceparent ? { [traceparentHeader]: traceparent } : {});

/**
 * Handles a message received on `subject` in the sender's trace (its `traceparent`): in a consumer
 * span whose parent is the sender's span while OpenTelemetry is on, else in a hand-made child span.
 */
export function inProcessSpan<T>(
  subject: string,
  traceparent: string | undefined,
  handle: () => Promise<T>,
): Promise<T> {
  if (!telemetryOn()) return runInTrace(continueTrace(traceparent), handle);
  return tracer.startActiveSpan(
    `process ${subject}`,
    { kind: SpanKind.CONSUMER, attributes: messaging(subject, 'process') },
    withSender(context.active(), traceparent),
    (span) => ending(span, handle),
  );
}

/**
 * Handles messages received on `subject` together (a batch). A batch of one is handled as
 * `inProcessSpan` handles a message. A larger one, whose messages each come from a trace of their
 * own, is handled in a consumer span that starts a trace of its own and links to every sender's
 * span, with `messaging.batch.message_count`, as the messaging conventions ask of batch receiving
 * (a span has one parent, and choosing one sender's trace would leave the others without it).
 * Without OpenTelemetry, the batch runs in a hand-made child of the first message's trace.
 */
export function inBatchProcessSpan<T>(
  subject: string,
  traceparents: readonly (string | undefined)[],
  handle: () => Promise<T>,
): Promise<T> {
  if (!telemetryOn() || traceparents.length <= 1)
    return inProcessSpan(subject, traceparents[0], handle);
  const links = traceparents.flatMap((traceparent) => {
    const sender = trace.getSpanContext(withSender(ROOT_CONTEXT, traceparent));
    return sender ? [{ context: sender }] : [];
  });
  return tracer.startActiveSpan(
    `process ${subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messaging(subject, 'process'),
        'messaging.batch.message_count': traceparents.length,
      },
      links,
    },
    ROOT_CONTEXT,
    (span) => ending(span, handle),
  );
}

/**
 * Runs `work` in the trace a stored `traceparent` names (one saved beside work done later, as an
 * outbox record is published after its write, or sent to a worker thread with its work): the spans
 * and messages of `work` join the trace of the call that stored it. Outside any trace when there is
 * none.
 *
 * @example await continueStoredTrace(record.traceparent, () => publish(record));
 */
export function continueStoredTrace<T>(traceparent: string | undefined, work: () => T): T {
  if (!telemetryOn()) return traceparent ? runInTrace(continueTrace(traceparent), work) : work();
  return context.with(withSender(ROOT_CONTEXT, traceparent), work);
}
