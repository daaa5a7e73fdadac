import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { markTelemetryOn } from '../observability/telemetry-switch.js';

/** What `startTelemetry` reads: the standard OpenTelemetry variables. */
export interface TelemetryEnv {
  /** OTLP/HTTP collector base URL (`http://jaeger:4318`); unset, telemetry is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  /** `service.name` of the spans; the app's name by default. */
  OTEL_SERVICE_NAME?: string;
}

/**
 * The modules whose instrumentations run: the ESM loader hook wraps only these, so the rest of
 * the app loads as it would without telemetry.
 */
const instrumentedModules = ['http', 'https', 'koa', 'mongodb'];

/**
 * Starts exporting traces over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; does nothing
 * (and loads no SDK) otherwise. Must run before the app's other modules load: the
 * instrumentations patch `http`, `koa` and `mongodb` as they are imported. An app's `main.ts`
 * therefore imports only this statically and the rest of the app with `import()` after it.
 *
 * @example
 * import { startTelemetry } from '@onvelope/service-kit/telemetry';
 * await startTelemetry('svc-orders');
 * const { startOrdersService } = await import('./index.js');
 */
export async function startTelemetry(
  appName: string,
  env: TelemetryEnv = process.env,
): Promise<void> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  // A worker thread (svc-orders' import thread) exports its own message spans, without the
  // instrumentations: its modules are loaded already, and the loader hook is the process's. Its
  // relay publishes any record of the outbox, the main thread's too, and a send span made-up
  // there would leave the consumers' spans with a parent nobody exports.
  if (!isMainThread) {
    const { startSdk } = await import('./sdk.js');
    markTelemetryOn(startSdk(env.OTEL_SERVICE_NAME || appName, { instrumented: false }));
    return;
  }
  // Before the SDK's modules load: the instrumentations patch what is imported after the hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: instrumentedModules },
  });
  const { startSdk } = await import('./sdk.js');
  markTelemetryOn(startSdk(env.OTEL_SERVICE_NAME || appName));
}

export { stopTelemetry } from '../observability/telemetry-switch.js';
