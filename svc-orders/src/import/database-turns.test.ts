import { describe, expect, it } from 'vitest';
import { databaseTurns } from './database-turns.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('databaseTurns', () => {
  it('runs one step at a time, in the order they were handed over', async () => {
    const turns = databaseTurns();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const step = (name: string) =>
      turns(async () => {
        running += 1;
        most = Math.max(most, running);
        log.push(`${name} starts`);
        await tick();
        log.push(`${name} ends`);
        running -= 1;
        return name;
      });
    const answers = await Promise.all([step('a'), step('b'), step('c')]);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('gives a failed step to its caller and goes on with the next one', async () => {
    const turns = databaseTurns();
    const failed = turns(() => Promise.reject(new Error('write refused')));
    const next = turns(() => Promise.resolve('stored'));
    await expect(failed).rejects.toThrow('write refused');
    await expect(next).resolves.toBe('stored');
  });
});
