import { describe, expect, it } from 'vitest';
import { forEachTakingTurns } from './take-turns.js';

/** Items that come on promises alone, as a cursor's fetched batch does. */
async function* fetchedBatch(size: number) {
  for (let item = 0; item < size; item += 1) yield item;
}

describe('forEachTakingTurns', () => {
  it('handles every item, in order', async () => {
    const handled: number[] = [];
    await forEachTakingTurns(fetchedBatch(250), 100, (item) => handled.push(item));
    expect(handled).toEqual(Array.from({ length: 250 }, (_, item) => item));
  });

  it('lets other work run after every so many items, though none of them waited on I/O', async () => {
    const handled: number[] = [];
    const handledWhenOtherWorkRan: number[] = [];
    const otherWork = () => {
      handledWhenOtherWorkRan.push(handled.length);
      if (handled.length < 1_000) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    await forEachTakingTurns(fetchedBatch(1_000), 100, (item) => handled.push(item));
    expect(handledWhenOtherWorkRan.slice(0, 3)).toEqual([100, 200, 300]);
  });

  it('waits for the pause after each turn before handling more', async () => {
    const handled: number[] = [];
    let pauses = 0;
    let endPause = () => {};
    const pause = () => {
      pauses += 1;
      return new Promise<void>((resolve) => (endPause = resolve));
    };
    const done = forEachTakingTurns(fetchedBatch(250), 100, (item) => handled.push(item), pause);
    await expect.poll(() => pauses).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handled).toHaveLength(100);
    endPause();
    await expect.poll(() => pauses).toBe(2);
    expect(handled).toHaveLength(200);
    endPause();
    await done;
    expect(handled).toHaveLength(250);
  });

  it('stops at the first item its handler refuses', async () => {
    const handled: number[] = [];
    const refusing = forEachTakingTurns(fetchedBatch(500), 100, (item) => {
      if (item === 150) throw new Error('stopped');
      handled.push(item);
    });
    await expect(refusing).rejects.toThrow('stopped');
    expect(handled).toHaveLength(150);
  });
});
