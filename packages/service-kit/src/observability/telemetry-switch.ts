import { isSpanContextValid, trace, TraceFlags, type SpanContext } from '@opentelemetry/api';
import type { TraceContext } from './trace-context.js';

// Set once, by `startTelemetry`, before the app's own modules load; read on every log line and
// message, so a plain variable rather than a look-up of the global tracer provider.
let on = false;
let shutdown: (() => Promise<void>) | undefined;

/** Whether this process exports traces (`OTEL_EXPORTER_OTLP_ENDPOINT` was set when it started). */
export function telemetryOn(): boolean {
  return on;
}

/** Records that the SDK runs, and how to stop it (`stopTelemetry`). */
export function markTelemetryOn(sdk: { shutdown: () => Promise<void> }): void {
  on = true;
  shutdown = sdk.shutdown;
}

/**
 * Exports the spans still waiting in the SDK's batch and stops it; nothing when telemetry is off.
 * A process that stops on a signal calls it last, else the last second of its spans is lost. What
 * runs after it is traced by hand again, as with telemetry off.
 */
export async function stopTelemetry(): Promise<void> {
  await shutdown?.().catch(() => undefined);
  on = false;
  shutdown = undefined;
}

/**
 * The span in progress as a hand-made trace context, while OpenTelemetry is on; `undefined` when
 * it is off or no span is active. With it on, OpenTelemetry is the one source of trace ids: the
 * log lines and the `traceparent` headers carry the ids of the spans it exports.
 */
export function activeSpanTrace(): TraceContext | undefined {
  if (!on) return undefined;
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? traceOf(span) : undefined;
}

/** An OpenTelemetry span's ids as a hand-made trace context. */
export function traceOf(span: SpanContext): TraceContext {
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    flags: span.traceFlags & TraceFlags.SAMPLED ? '01' : '00',
  };
}
