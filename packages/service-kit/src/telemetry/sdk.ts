import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KoaInstrumentation, KoaLayerType } from '@opentelemetry/instrumentation-koa';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

// Probes and scrapes come every few seconds from Kubernetes and Prometheus: spans of nothing.
const unTracedPaths = new Set(['/healthz', '/readyz', '/metrics']);
const isProbe = (request: IncomingMessage) =>
  unTracedPaths.has((request.url ?? '').split('?', 1)[0] ?? '');

/**
 * The delay between two exports of spans, as OpenTelemetry's `OTEL_BSP_SCHEDULE_DELAY` gives it
 * (milliseconds): this SDK no longer reads it itself. Unset or not a positive number: the SDK's
 * default (5 s).
 */
function scheduledDelayMillis(): number | undefined {
  const delay = Number(process.env.OTEL_BSP_SCHEDULE_DELAY);
  return Number.isFinite(delay) && delay > 0 ? delay : undefined;
}

/**
 * Starts the OpenTelemetry SDK: traces only (metrics stay with Prometheus, logs with pino),
 * exported in batches over OTLP/HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT` (the exporter reads it and
 * the other `OTEL_EXPORTER_OTLP_*` variables), W3C trace context propagation (the SDK's default).
 * Its `shutdown` exports the spans still in the batch.
 */
export function startSdk(
  serviceName: string,
  { instrumented = true }: { instrumented?: boolean } = {},
): { shutdown: () => Promise<void> } {
  return startNodeSdk({
    resourceAttributes: { [ATTR_SERVICE_NAME]: serviceName },
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: scheduledDelayMillis(),
      }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: instrumented
      ? [
          new HttpInstrumentation({ ignoreIncomingRequestHook: isProbe }),
          // A span per router layer (the route that answered), none per middleware: a service
          // runs a dozen middleware on every call and their spans would bury the ones that matter.
          new KoaInstrumentation({ ignoreLayersType: [KoaLayerType.MIDDLEWARE] }),
          new MongoDBInstrumentation(),
        ]
      : [],
  });
}
