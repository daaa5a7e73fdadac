/**
 * What the benchmarks share: apps as child processes started from their sources with the node
 * flags their package.json owns (so an app's memory is its own and runs under its production heap
 * cap), readiness, memory read from /proc, and timing.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@onvelope/contracts';
import { freePort } from '@onvelope/infra';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The gateway is ready when it listens; a service when its database and NATS answer. */
const readyPathOf = (app: ServiceName) => (app === 'gateway' ? '/healthz' : '/readyz');

/**
 * The node flags an app runs with: `onvelope.nodeArgs` in its package.json, as tools/run and the
 * Dockerfile start it. `BENCH_NODE_FLAGS` (space-separated; empty for Node's defaults) replaces
 * the flags of `flagsOverriddenFor`, to measure another setting.
 */
export function nodeArgsOf(app: ServiceName, flagsOverriddenFor?: ServiceName): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  if (app === flagsOverriddenFor && override !== undefined) {
    return override.split(' ').filter(Boolean);
  }
  const manifest = JSON.parse(readFileSync(`${repoRoot}${app}/package.json`, 'utf8')) as {
    onvelope?: { nodeArgs?: string[] };
  };
  return manifest.onvelope?.nodeArgs ?? [];
}

export interface BenchApp {
  url: string;
  port: number;
  pid: number;
  /**
   * MB from /proc/<pid>/status. VmRSS: resident now. VmHWM: the most it has been resident since
   * it started, so no sampling can miss a peak between two reads.
   */
  memoryMb(field?: 'VmRSS' | 'VmHWM'): Promise<number>;
  /** CPU time the app has used so far, all its threads, user and system (see `processCpuMs`). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** The unit of /proc's CPU times: USER_HZ, 100 a second on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) a process has used so far, all its threads, user and system: utime + stime of
 * /proc/<pid>/stat, counted in USER_HZ ticks (100 a second on Linux), so a difference is good to
 * 10 ms: take it over seconds of load.
 */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: state is the first.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time (ms) the whole machine has spent busy so far, all cores together: the first line of
 * /proc/stat less its idle and iowait ticks. Over a phase, against its wall time times the cores,
 * it says whether the machine was the limit, whoever used it.
 */
export async function machineBusyMs(): Promise<number> {
  const [total = ''] = (await readFile('/proc/stat', 'utf8')).split('\n');
  // cpu user nice system idle iowait irq softirq steal (guest time is counted in user already).
  // Steal counts as busy: the hypervisor gave that time elsewhere, so it was not ours to use.
  const [user, nice, system, , , irq, softirq, steal] = total.split(/\s+/).slice(1, 9).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / TICKS_PER_SECOND;
}

/** Starts an app from its sources on `port` (default a free one); resolves once it is ready. */
export async function startApp(
  app: ServiceName,
  env: Record<string, string>,
  port?: number,
  flagsOverriddenFor?: ServiceName,
): Promise<BenchApp> {
  const listenPort = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [
      ...nodeArgsOf(app, flagsOverriddenFor),
      '--conditions=source',
      '--import',
      'tsx',
      'src/main.ts',
    ],
    {
      cwd: `${repoRoot}${app}`,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(listenPort) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // An app that dies under the bench (out of heap, say) must not pass for a slow one.
      if (!stopping) console.error(`[bench] ${app} exited unexpectedly (${signal ?? code})`);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${listenPort}`;
  const running: BenchApp = {
    url,
    port: listenPort,
    pid: child.pid!,
    memoryMb: async (field = 'VmRSS') => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    },
    cpuMs: () => processCpuMs(child.pid!),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${app} exited before it was ready`);
    }
    try {
      if ((await fetch(`${url}${readyPathOf(app)}`)).ok) return running;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await running.stop();
      throw new Error(`${app} was not ready at ${url} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Median and p95 in ms of `samples` runs, after one uncounted run that warms the path. */
export async function timeRuns(samples: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export const line = (text = '') => process.stdout.write(`${text}\n`);

/** '100,000': counts in a benchmark's figures. */
export const count = (n: number) => n.toLocaleString('en-US');

/** What `atConcurrency` measured: every call's latency (ms), the calls that failed, calls/s. */
export interface ConcurrencyRun {
  latencies: number[];
  errors: number;
  perSecond: number;
}

/**
 * `connections` callers, each making `call` again as soon as its last one ended, for `seconds`
 * (a closed loop, as autocannon's connections are) or until `more` says there is nothing left to
 * call: the latency of every call that resolved, the number that threw, and the calls per second
 * of both together.
 */
export async function atConcurrency(
  connections: number,
  seconds: number,
  call: () => Promise<unknown>,
  more: () => boolean = () => true,
): Promise<ConcurrencyRun> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until && more()) {
      const before = performance.now();
      try {
        await call();
        latencies.push(performance.now() - before);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  const took = (performance.now() - started) / 1000;
  return { latencies, errors, perSecond: (latencies.length + errors) / took };
}
