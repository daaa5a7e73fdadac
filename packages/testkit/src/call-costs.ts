/**
 * What the per-call benches share (issue 40: "calls/s per core for its main calls"; svc-auth's,
 * svc-billing's and svc-orders' `bench/calls.bench.ts`).
 *
 * One call at a time, `BENCH_CALLERS` callers for `BENCH_SECONDS`, after a short warm-up: its
 * calls/s and latencies, the CPU the service and the database spent over the phase (from /proc),
 * and what a failed call answered.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import mongoose from 'mongoose';
import type { ServiceName } from '@onvelope/contracts';
import { KEEP_ALIVE_TIMEOUT_MS } from '@onvelope/service-kit/http';
import {
  atConcurrency,
  count,
  line,
  nodeArgsOf,
  percentile,
  processCpuMs,
  startApp,
  type BenchApp,
} from './bench.js';

export const CALLERS = Number(process.env.BENCH_CALLERS ?? 8);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Enough for the JIT, the connection pools and the token caches to settle. */
const WARM_UP_SECONDS = Math.min(2, SECONDS);

/**
 * The process that listens on TCP `port` of this machine: the LISTEN socket's inode from
 * /proc/net/tcp{,6}, then the process holding it among /proc/<pid>/fd. Undefined when no process
 * of this user holds it (a database given by MONGO_URL on another machine or user).
 */
export async function pidListeningOn(port: number): Promise<number | undefined> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const row of text.split('\n').slice(1)) {
      // sl, local_address (hex ip:port), rem_address, st (0A: LISTEN), ..., inode (the tenth).
      const fields = row.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return Number(pid);
    }
  }
  return undefined;
}

/**
 * The database server of `mongoUrl` as a process of this machine, for its CPU; no pid (and no CPU)
 * when it runs elsewhere or as another user.
 */
export async function databaseProcessOf(mongoUrl: string) {
  const { hostname, port } = new URL(mongoUrl);
  const pid = ['127.0.0.1', 'localhost'].includes(hostname)
    ? await pidListeningOn(Number(port || 27017))
    : undefined;
  return {
    pid,
    cpuMs: () => (pid === undefined ? Promise.resolve(undefined) : processCpuMs(pid)),
  };
}

/** The database server of `mongoUrl` as the bench sees it: its process if ours, for its CPU. */
export async function benchDatabase(mongoUrl: string, app: ServiceName) {
  const { pid, cpuMs } = await databaseProcessOf(mongoUrl);
  const name = `bench_${app.replace('-', '_')}_${Date.now()}`;
  return {
    pid,
    /** A database of the bench's own, so a MONGO_URL server's data is never touched. */
    name,
    cpuMs,
    drop: async () => {
      const db = await mongoose.createConnection(mongoUrl, { dbName: name }).asPromise();
      await db.dropDatabase().catch(() => undefined);
      await db.close();
    },
  };
}
export type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;

export interface HttpCall {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON (already serialised: a signed webhook is signed over these exact bytes). */
  body?: string;
}

/**
 * Calls to `baseUrl` on up to `sockets` kept-alive sockets, as autocannon's connections do. Not
 * `fetch`: its streams cost the caller, which shares the machine with the service, more than the
 * call. No compression is asked for, and the answer's bytes are collected without being decoded or
 * parsed, so the client's cost stays out of the figures as far as one machine allows. Resolves with
 * those bytes; anything but 2xx throws `<method> <path> answered <status>: <body>`.
 */
export function httpCallerOf(baseUrl: string, sockets = CALLERS) {
  // An idle socket is dropped well before the server's keep-alive timeout closes it (as the
  // gateway's upstream agent does), so no call goes out on a socket the server is closing, a reset
  // counted as an error: the load bench's callers sit idle for whole rounds while the driver runs.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: sockets,
    timeout: KEEP_ALIVE_TIMEOUT_MS / 2,
  });
  const { hostname, port } = new URL(baseUrl);
  const send = (call: HttpCall) =>
    new Promise<Buffer>((resolve, reject) => {
      const sent = request(
        {
          agent,
          hostname,
          port,
          method: call.method,
          path: call.path,
          headers: {
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...call.headers,
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.once('error', reject);
          answer.once('end', () => {
            const bytes = Buffer.concat(chunks);
            const status = answer.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(bytes);
            else
              reject(
                new Error(
                  `${call.method} ${call.path} answered ${status}: ${bytes.toString('utf8').slice(0, 200)}`,
                ),
              );
          });
        },
      );
      sent.once('error', reject);
      sent.end(call.body);
    });
  return { send, close: () => agent.destroy() };
}

/** What one call cost under `CALLERS` callers (see `measureCall`). */
export interface CallCost {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  calls: number;
  errors: number;
  /** Each distinct failure (what the call answered) and how often it came. */
  failures: Map<string, number>;
  serviceMsPerCall: number;
  /** Undefined when the database is not a process of this machine's user. */
  databaseMsPerCall: number | undefined;
}

/**
 * `call` from `CALLERS` callers for `SECONDS`, after a warm-up of its own: what the service and
 * the database spent per call over the phase, its throughput and latencies, and its failures.
 */
export async function measureCall(
  name: string,
  service: BenchApp,
  database: BenchDatabase,
  call: () => Promise<unknown>,
): Promise<CallCost> {
  const failures = new Map<string, number>();
  const noted = async () => {
    try {
      await call();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.set(message, (failures.get(message) ?? 0) + 1);
      throw error;
    }
  };
  await atConcurrency(CALLERS, WARM_UP_SECONDS, call);
  const [serviceBefore, databaseBefore] = await Promise.all([service.cpuMs(), database.cpuMs()]);
  const { latencies, errors, perSecond } = await atConcurrency(CALLERS, SECONDS, noted);
  const [serviceAfter, databaseAfter] = await Promise.all([service.cpuMs(), database.cpuMs()]);
  const calls = latencies.length + errors;
  return {
    name,
    perSecond,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    calls,
    errors,
    failures,
    serviceMsPerCall: (serviceAfter - serviceBefore) / calls,
    databaseMsPerCall:
      databaseBefore === undefined || databaseAfter === undefined
        ? undefined
        : (databaseAfter - databaseBefore) / calls,
  };
}

/**
 * `app` from its sources (testkit `startApp`) with its package's node flags, or with
 * `BENCH_NODE_FLAGS` in their place (space-separated; empty for Node's defaults) to measure
 * another setting.
 */
export const startBenchApp = (app: ServiceName, env: Record<string, string>, port?: number) =>
  startApp(app, env, port, app);

/** The bench's heading: what ran, how long, and with which node flags. */
export function printSetup(app: ServiceName, database: BenchDatabase, mongoUrl: string) {
  const flags = nodeArgsOf(app, app).join(' ') || "none (Node's defaults)";
  const owner =
    process.env.BENCH_NODE_FLAGS === undefined
      ? `${app}/package.json onvelope.nodeArgs`
      : 'BENCH_NODE_FLAGS';
  line(`# ${app}: CPU per call`);
  line(
    `${CALLERS} callers, ${SECONDS} s a call after ${WARM_UP_SECONDS} s of warm-up, straight at ${app} ` +
      `(node flags: ${flags}, from ${owner}); database ${mongoUrl}` +
      (database.pid === undefined
        ? ' (not a process of ours: its CPU is not read)'
        : ` (pid ${database.pid})`),
  );
  line();
}

/**
 * The table of `costs`, what each failure answered, and the service's peak resident memory; sets a
 * failing exit code when any call failed (a bench with errors measured something else).
 */
export async function printCosts(app: ServiceName, service: BenchApp, costs: CallCost[]) {
  const ms = (value: number) => value.toFixed(1);
  line(
    `| call | calls/s | p50 / p95 / p99 ms | calls | errors | ${app} CPU ms/call | database CPU ms/call | calls/s per core |`,
  );
  line('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const cost of costs) {
    line(
      `| ${cost.name} | ${cost.perSecond.toFixed(0)} | ${ms(cost.p50)} / ${ms(cost.p95)} / ${ms(cost.p99)} | ` +
        `${count(cost.calls)} | ${cost.errors} | ${cost.serviceMsPerCall.toFixed(2)} | ` +
        `${cost.databaseMsPerCall === undefined ? '-' : cost.databaseMsPerCall.toFixed(2)} | ` +
        `${(1000 / cost.serviceMsPerCall).toFixed(0)} |`,
    );
  }
  for (const cost of costs) {
    for (const [message, times] of cost.failures) line(`${cost.name}: ${times} × ${message}`);
  }
  line();
  line(`${app} peak RSS (VmHWM): ${(await service.memoryMb('VmHWM')).toFixed(0)} MB`);
  if (costs.some((cost) => cost.errors > 0)) process.exitCode = 1;
}
