import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { markTelemetryOn } from './switch.js';

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
  // Worker threads (svc-orders' import thread) run without it: their trace comes from the main
  // thread's `traceparent`, which names a span this thread exports.
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || !isMainThread) return;
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: instrumentedModules },
  });
  const { startSdk } = await import('./sdk.js');
  markTelemetryOn(startSdk(env.OTEL_SERVICE_NAME || appName));
}
