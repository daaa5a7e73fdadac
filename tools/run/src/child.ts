import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

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
