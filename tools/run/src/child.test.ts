import { describe, expect, it } from 'vitest';
import { restartWhenItDies, startChild, type ChildSpec } from './child.js';

const dying: ChildSpec = {
  name: 'svc-dies',
  command: process.execPath,
  args: ['--eval', 'setTimeout(() => process.exit(3), 20)'],
  env: {},
};

describe('restartWhenItDies', () => {
  it('starts a process that died again, waiting longer after each death, until stopped', async () => {
    const lines: string[] = [];
    const sink = (app: string, line: string) => lines.push(`${app} ${line}`);
    let deaths = 0;
    let thirdDeath: () => void = () => undefined;
    const diedThrice = new Promise<void>((resolve) => (thirdDeath = resolve));
    const child = restartWhenItDies(startChild(dying, sink), dying, sink, {
      backoff: { firstMs: 50, maxMs: 200, steadyMs: 60_000 },
      onDeath: () => {
        deaths += 1;
        if (deaths === 3) thirdDeath();
      },
    });
    await diedThrice;
    // Two restarts have run (and died); the third is waiting its 0.2 s.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await child.stop();
    await child.exited;
    const seen = deaths;
    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(seen).toBeGreaterThanOrEqual(3);
    expect(deaths).toBe(seen);
    expect(lines.slice(0, 3)).toEqual([
      'svc-dies exited (code 3); restarting in 0.05 s',
      'svc-dies exited (code 3); restarting in 0.1 s',
      'svc-dies exited (code 3); restarting in 0.2 s',
    ]);
  });

  it('does not start a process stopped on purpose', async () => {
    const lines: string[] = [];
    const sink = (app: string, line: string) => lines.push(`${app} ${line}`);
    const waiting: ChildSpec = { ...dying, args: ['--eval', 'setInterval(() => {}, 1000)'] };
    let deaths = 0;
    const child = restartWhenItDies(startChild(waiting, sink), waiting, sink, {
      backoff: { firstMs: 10, maxMs: 10, steadyMs: 60_000 },
      onDeath: () => (deaths += 1),
    });
    await child.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(deaths).toBe(0);
    expect(lines).toEqual([]);
  });
});
