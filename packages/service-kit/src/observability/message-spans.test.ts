import { randomBytes } from 'node:crypto';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inBatchProcessSpan } from './message-spans.js';
import { markTelemetryOn, stopTelemetry } from './telemetry-switch.js';

/** A sender's span as its message's `traceparent` carries it. */
function sender() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

// An SDK of this process with its spans kept in memory, on for this file only: the node project
// runs its files in shared processes, so it is taken down again after them.
describe('a batch of messages handled together', () => {
  const exported = new InMemorySpanExporter();
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: exported })],
  });
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
    // Enough to see the active span before the handler's first await.
    context.setGlobalContextManager(new StackContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    markTelemetryOn({ shutdown: () => provider.shutdown() });
  });
  afterAll(async () => {
    await stopTelemetry();
    trace.disable();
    context.disable();
    propagation.disable();
  });
  beforeEach(() => exported.reset());

  it("is processed in a span of its own trace, linked to every sender's span", async () => {
    const senders = [sender(), sender(), sender()];
    const answer = await inBatchProcessSpan(
      'orders.shipped',
      senders.map(({ traceparent }) => traceparent),
      async () => trace.getActiveSpan()?.spanContext().traceId,
    );

    const [span, ...others] = exported.getFinishedSpans();
    expect(others).toEqual([]);
    expect(span!.name).toBe('process orders.shipped');
    expect(span!.kind).toBe(SpanKind.CONSUMER);
    expect(span!.attributes['messaging.batch.message_count']).toBe(3);
    expect(span!.parentSpanContext).toBeUndefined();
    expect(senders.map(({ traceId }) => traceId)).not.toContain(span!.spanContext().traceId);
    expect(span!.links.map(({ context }) => [context.traceId, context.spanId])).toEqual(
      senders.map(({ traceId, spanId }) => [traceId, spanId]),
    );
    // The handler runs in it.
    expect(answer).toBe(span!.spanContext().traceId);
  });

  it('links the senders it knows when some messages came without a trace', async () => {
    const known = sender();
    await inBatchProcessSpan('orders.shipped', [undefined, known.traceparent, ''], async () => {});
    const [span] = exported.getFinishedSpans();
    expect(span!.attributes['messaging.batch.message_count']).toBe(3);
    expect(span!.links.map(({ context }) => context.spanId)).toEqual([known.spanId]);
  });

  it("continues a lone message's trace, as one message handled alone does", async () => {
    const lone = sender();
    await inBatchProcessSpan('orders.shipped', [lone.traceparent], async () => {});
    const [span] = exported.getFinishedSpans();
    expect(span!.spanContext().traceId).toBe(lone.traceId);
    expect(span!.parentSpanContext?.spanId).toBe(lone.spanId);
  });

  it('ends its span as failed when the handler throws, and the error reaches the caller', async () => {
    await expect(
      inBatchProcessSpan('orders.shipped', [sender().traceparent, sender().traceparent], () =>
        Promise.reject(new Error('database gone')),
      ),
    ).rejects.toThrow('database gone');
    const [span] = exported.getFinishedSpans();
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.events.map(({ name }) => name)).toEqual(['exception']);
  });
});
