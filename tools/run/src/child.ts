import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { endWithThisProcess } from '@onvelope/infra';

export type LineSink = (app: string, line: string) => void;

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  cwd?: string;
}

export interface RunningChild {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts a process whose output lines go to `sink`, tagged with its name. */
export function startChild(spec: ChildSpec, sink: LineSink): RunningChild {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  endWithThisProcess(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => sink(spec.name, line));
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      sink(spec.name, `could not start: ${error.message}`);
      resolve(null);
    });
  });
  return {
    name: spec.name,
    process: child,
    exited,
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface RestartBackoff {
  /** The wait before the first restart, doubled after each death up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** A process that stayed up this long starts the backoff again from `firstMs`. */
  steadyMs: number;
}

export const restartBackoff: RestartBackoff = { firstMs: 1_000, maxMs: 30_000, steadyMs: 60_000 };

const endOf = (child: ChildProcess, code: number | null) =>
  child.signalCode ? `signal ${child.signalCode}` : `code ${code}`;

/**
 * Starts `spec` again, after a wait that grows while it keeps dying, whenever `first` (started
 * from the same spec) or a later start ends before `stop()`, as compose and Kubernetes do; each
 * death and restart goes to `sink`, and `onDeath` is told of each death. The returned child is the
 * one that runs now; its `exited` resolves once stopped for good.
 */
export function restartWhenItDies(
  first: RunningChild,
  spec: ChildSpec,
  sink: LineSink,
  { backoff = restartBackoff, onDeath }: { backoff?: RestartBackoff; onDeath?: () => void } = {},
): RunningChild {
  let current = first;
  let stopping = false;
  let waitMs = backoff.firstMs;
  let pending: NodeJS.Timeout | undefined;
  let endedForGood: (code: number | null) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => (endedForGood = resolve));

  const watch = (child: RunningChild) => {
    const startedAt = Date.now();
    void child.exited.then((code) => {
      if (stopping) {
        endedForGood(code);
        return;
      }
      onDeath?.();
      if (Date.now() - startedAt >= backoff.steadyMs) waitMs = backoff.firstMs;
      sink(spec.name, `exited (${endOf(child.process, code)}); restarting in ${waitMs / 1000} s`);
      pending = setTimeout(() => {
        pending = undefined;
        current = startChild(spec, sink);
        watch(current);
      }, waitMs);
      waitMs = Math.min(waitMs * 2, backoff.maxMs);
    });
  };
  watch(first);

  return {
    name: spec.name,
    get process() {
      return current.process;
    },
    exited,
    async stop(timeoutMs) {
      stopping = true;
      if (pending) {
        clearTimeout(pending);
        endedForGood(null);
        return;
      }
      await current.stop(timeoutMs);
    },
  };
}

/** Polls a URL until it answers 200, failing early when the process dies. */
export async function waitUntilReady(
  child: RunningChild,
  url: string,
  timeoutMs = 60_000,
): Promise<void> {
  let dead = false;
  void child.exited.then(() => (dead = true));
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (dead) throw new Error(`${child.name} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until)
      throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
