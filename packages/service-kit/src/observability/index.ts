/**
 * `@onvelope/service-kit/observability`: what an app tells its operators. JSON logs, Prometheus
 * metrics, and the trace context that joins the lines of one call across apps (and its NATS spans
 * while OpenTelemetry is on). Starting OpenTelemetry is `./telemetry`'s, which must load first.
 */
export * from './logger.js';
export * from './metrics.js';
export * from './trace-context.js';
export { continueStoredTrace } from './message-spans.js';
