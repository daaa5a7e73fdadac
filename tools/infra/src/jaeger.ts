import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { JAEGER, resolveGoBinary } from './go-binary.js';
import type { Env } from './paths.js';
import { launch, type InfraLog } from './process.js';

export interface RunningJaeger {
  /** Where apps send their traces: set it as `OTEL_EXPORTER_OTLP_ENDPOINT` (OTLP over HTTP). */
  otlpUrl: string;
  /** Jaeger's query API and UI (`/api/traces?service=...`, `/api/v3/traces`). */
  queryUrl: string;
  stop(): Promise<void>;
}

/**
 * Jaeger's all-in-one configuration cut down to what the project uses: the OTLP/HTTP receiver,
 * in-memory storage and the query API, each on the loopback port given (its defaults are fixed
 * ports, which a second instance could not get), and no listener of its own metrics. It does not
 * trace its own query API either: it would export those spans to a collector at a default address
 * where nothing listens, and its stop then waited on those tries until it was killed (5 s).
 */
function config(ports: { otlp: number; queryHttp: number; queryGrpc: number }): string {
  return `service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: info
extensions:
  jaeger_storage:
    backends:
      memory_storage:
        memory:
          max_traces: 100000
  jaeger_query:
    enable_tracing: false
    storage:
      traces: memory_storage
    http:
      endpoint: 127.0.0.1:${ports.queryHttp}
    grpc:
      endpoint: 127.0.0.1:${ports.queryGrpc}
receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:${ports.otlp}
processors:
  batch:
exporters:
  jaeger_storage_exporter:
    trace_storage: memory_storage
`;
}

/**
 * Starts Jaeger (the pinned v2 all-in-one, from the PATH or built into the cache on first use)
 * keeping traces in memory, on free loopback ports.
 *
 * @example
 * const jaeger = await startJaeger();
 * // OTEL_EXPORTER_OTLP_ENDPOINT=jaeger.otlpUrl; fetch(`${jaeger.queryUrl}/api/services`)
 * await jaeger.stop();
 */
export async function startJaeger({
  env = process.env,
  log = (message) => process.stderr.write(`[infra] ${message}\n`),
}: { env?: Env; log?: InfraLog } = {}): Promise<RunningJaeger> {
  const binary = await resolveGoBinary(JAEGER, env, log);
  const ports = {
    otlp: await freePort(),
    queryHttp: await freePort(),
    queryGrpc: await freePort(),
  };
  const dir = await mkdtemp(join(tmpdir(), 'onvelope-jaeger-'));
  const configFile = join(dir, 'config.yaml');
  await writeFile(configFile, config(ports));
  try {
    const { process: server } = await launch({
      name: 'jaeger',
      command: binary,
      args: ['--config', configFile],
      env,
      ready: (output) => (output.includes('Everything is ready') ? true : undefined),
    });
    log(`jaeger: ${binary}, OTLP on port ${ports.otlp}, query on port ${ports.queryHttp}`);
    return {
      otlpUrl: `http://127.0.0.1:${ports.otlp}`,
      queryUrl: `http://127.0.0.1:${ports.queryHttp}`,
      async stop() {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
