import { createServer, type Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { createLogger } from '../observability/logger.js';
import { survivingStrayErrors } from './stray-errors.js';
import { stopTelemetry } from '../observability/telemetry-switch.js';

/**
 * How long a service keeps an idle keep-alive connection open. Whoever pools connections to a
 * service must give up an idle one clearly sooner (the gateway: `UPSTREAM_IDLE_SOCKET_MS` in
 * gateway/src/upstream-agent.ts), or a call sent just as the service closes the connection meets
 * a reset (issue 32 §10).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** A listening app: where it is, and how to stop it after the requests in flight finish. */
export interface RunningService {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  /** How long in-flight requests may take to finish before their sockets are cut. */
  shutdownTimeoutMs: number;
  /** Runs as the drain begins, before the server stops accepting (readiness goes false here). */
  onDraining?: () => void;
  /**
   * How long to go on accepting calls after `onDraining`, so a load balancer that polls readiness
   * sees it false and stops sending before connections are refused. 0 by default.
   */
  drainDelayMs?: number;
  /** Runs after the HTTP server has stopped (close databases and NATS here). */
  onClosed?: () => Promise<void>;
}

/**
 * Serves a Koa app. `close()` stops accepting connections, lets in-flight requests finish (idle
 * keep-alive sockets are closed at once), then runs `onClosed`.
 */
export async function listen(app: Koa, options: ListenOptions): Promise<RunningService> {
  const server: Server = createServer(app.callback());
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost =
    options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      options.onDraining?.();
      if (options.drainDelayMs) await delay(options.drainDelayMs);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // A keep-alive connection whose request ends during the drain turns idle later; close those
      // as they appear instead of waiting for the client's keep-alive timeout.
      const sweeper = setInterval(() => server.closeIdleConnections(), 100);
      const timer = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs);
      timer.unref();
      await stopped;
      clearInterval(sweeper);
      clearTimeout(timer);
      await options.onClosed?.();
    })());

  return { url: `http://${shownHost}:${port}`, port, close };
}

/**
 * Closes the service on SIGTERM or SIGINT (drain, then exit), so an orchestrator can roll it.
 */
export function closeOnSignals(
  service: RunningService,
  log: { info: (msg: string) => void },
): void {
  const stop = (signal: NodeJS.Signals) => {
    log.info(`${signal} received: draining in-flight requests`);
    void service.close().then(
      () => stopTelemetry().then(() => process.exit(0)),
      () => stopTelemetry().then(() => process.exit(1)),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * The body of every service's `main.ts`: start from `process.env`, stop cleanly on signals, go on
 * past stray errors (logged), and exit non-zero with a readable reason when start-up fails (bad
 * config, no database).
 */
export async function runMain(
  name: string,
  start: (env: NodeJS.ProcessEnv) => Promise<RunningService>,
): Promise<void> {
  try {
    const service = await start(process.env);
    // After the start, which has checked LOG_LEVEL among the rest of the configuration.
    survivingStrayErrors(createLogger(name, process.env.LOG_LEVEL ?? 'info'));
    closeOnSignals(service, { info: (msg) => process.stdout.write(`${msg}\n`) });
  } catch (error) {
    process.stderr.write(`start-up failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
