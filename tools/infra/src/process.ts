import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { Env } from './paths.js';

export type InfraLog = (message: string) => void;

/** A long-running child (a server) that is killed when the parent exits. */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  /** The last output lines, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const OUTPUT_LIMIT = 64 * 1024;

const liveChildren = new Set<ChildProcess>();
let exitHooksInstalled = false;

// Children are not killed by the kernel when their parent dies, so every server we start is
// remembered and killed on the way out; a terminal's Ctrl-C reaches them anyway, a `kill <pid>`
// of the parent (test runner, CI timeout) does not.
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const child of liveChildren) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      for (const child of liveChildren) child.kill('SIGTERM');
      // Keep the default "die on signal" behaviour unless the host program handles the signal.
      if (process.listenerCount(signal) === 1) {
        process.off(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

export async function findOnPath(command: string, env: Env): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

export interface LaunchOptions<T> {
  name: string;
  command: string;
  args: string[];
  env?: Env;
  cwd?: string;
  /** Looks at everything the process printed so far; returns a value once it is ready. */
  ready: (output: string) => T | undefined;
  timeoutMs?: number;
}

/**
 * Kills `child` when this process ends (exits or is signalled), unless it has ended before: a
 * test runner's worker that leaves a system running for its next file must not leave it behind.
 */
export function endWithThisProcess(child: ChildProcess): void {
  installExitHooks();
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
}

/** Starts a server and resolves once `ready` recognises its "listening" line. */
export function launch<T>(
  options: LaunchOptions<T>,
): Promise<{ process: ManagedProcess; ready: T }> {
  const { name, command, args, env, cwd, ready, timeoutMs = 60_000 } = options;
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  endWithThisProcess(child);
  let output = '';
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => resolveExit());
  });

  const managed: ManagedProcess = {
    name,
    get pid() {
      return child.pid ?? -1;
    },
    output: () => output,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  return new Promise((resolveReady, rejectReady) => {
    let settled = false;
    const fail = (reason: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void managed.stop(1_000);
      rejectReady(
        new Error(
          `${name} did not start: ${reason}\n--- ${name} output ---\n${output.slice(-4_000)}`,
        ),
      );
    };
    const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
      if (settled) return;
      const value = ready(output);
      if (value === undefined) return;
      settled = true;
      clearTimeout(timer);
      resolveReady({ process: managed, ready: value });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => fail(`${command}: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited with ${signal ?? `code ${code}`}`));
  });
}

/** Runs a build/download command to completion; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { env?: Env; cwd?: string } = {},
): Promise<string> {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const append = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    child.once('error', (error) => rejectRun(new Error(`${command}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolveRun(output);
      else
        rejectRun(
          new Error(
            `${command} ${args.join(' ')} failed (${signal ?? `code ${code}`})\n${output.slice(-4_000)}`,
          ),
        );
    });
  });
}
