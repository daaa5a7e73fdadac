import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * In a process of its own (lowering this one would slow the tests that share it): lowers the
 * process to `nice`, then starts a thread, and prints the nice value of every thread it has.
 */
const script = (nice: number, scope: string) => `
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { runAtLowerPriority } from ${JSON.stringify(new URL('./cpu-priority.ts', import.meta.url).href)};
const niceOf = (task) => {
  const stat = readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const before = readdirSync('/proc/self/task').map(niceOf);
const lowered = runAtLowerPriority(${nice}, '${scope}');
const mine = niceOf(readlinkSync('/proc/thread-self').split('/').at(-1));
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
const after = readdirSync('/proc/self/task').map(niceOf);
await worker.terminate();
console.log(JSON.stringify({ before, lowered, after, mine }));
`;

async function runLowered(nice: number, scope: 'thread' | 'process') {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--import', 'tsx', '-e', script(nice, scope)],
    { cwd: new URL('../..', import.meta.url).pathname },
  );
  return JSON.parse(stdout) as {
    before: number[];
    lowered: number;
    after: number[];
    mine: number;
  };
}

describe.runIf(process.platform === 'linux')('runAtLowerPriority', () => {
  it('lowers every thread of the process, and the threads it starts later are as low', async () => {
    const { before, lowered, after } = await runLowered(10, 'process');
    expect(lowered).toBe(before.filter((nice) => nice < 10).length);
    // The worker started afterwards brings threads of its own: all at 10 too.
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.every((nice) => nice >= 10)).toBe(true);
  });

  it('lowers the calling thread alone when asked for the thread', async () => {
    const { before, lowered, after, mine } = await runLowered(10, 'thread');
    expect(lowered).toBe(1);
    expect(mine).toBe(10);
    // The other threads the process had (Node's own) keep their nice value.
    expect(after.filter((nice) => nice < 10).length).toBeGreaterThan(0);
    expect(before.every((nice) => nice < 10)).toBe(true);
  });

  it('leaves a process already lower where it is', async () => {
    const { before, lowered, after } = await runLowered(0, 'process');
    expect(lowered).toBe(0);
    expect(after.every((nice) => before.includes(nice))).toBe(true);
  });
});
