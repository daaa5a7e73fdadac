import { describe, expect, it } from 'vitest';
import { CallBatches, type CallOutcome } from './call-batches.js';

const ok = <O>(value: O): CallOutcome<O> => ({ ok: true, value });

/** A run that answers each item doubled, after `release` is called for its batch. */
function gatedDoubling() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const batcher = new CallBatches<number, number>(async (items, answer) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => gates.push(resolve));
    answer(items.map((item) => ok(item * 2)));
  }, 3);
  const releaseNext = async () => {
    while (!gates.length) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
  };
  return { batcher, batches, releaseNext };
}

describe('call batches', () => {
  it('puts calls made together in one batch and calls made during it in the next', async () => {
    const { batcher, batches, releaseNext } = gatedDoubling();
    const first = [batcher.call(1), batcher.call(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const second = [batcher.call(3), batcher.call(4)];
    await releaseNext();
    expect(await Promise.all(first)).toEqual([2, 4]);
    await releaseNext();
    expect(await Promise.all(second)).toEqual([6, 8]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('takes at most its batch size at a time, in the order the calls came', async () => {
    const { batcher, batches, releaseNext } = gatedDoubling();
    const answers = Promise.all([1, 2, 3, 4, 5].map((n) => batcher.call(n)));
    await releaseNext();
    await releaseNext();
    expect(await answers).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('fails only the call whose outcome failed', async () => {
    const batcher = new CallBatches<string, string>((items, answer) => {
      answer(
        items.map((item) =>
          item === 'bad' ? { ok: false, error: new Error('bad item') } : ok(item.toUpperCase()),
        ),
      );
      return Promise.resolve();
    }, 10);
    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.call(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('bad item'));
  });

  it('fails every call of a batch that throws before answering, and goes on with the next', async () => {
    let runs = 0;
    const batcher = new CallBatches<number, number>((items, answer) => {
      runs += 1;
      if (runs === 1) return Promise.reject(new Error('database down'));
      answer(items.map(ok));
      return Promise.resolve();
    }, 10);
    const failed = Promise.allSettled([batcher.call(1), batcher.call(2)]);
    expect((await failed).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.call(3)).toBe(3);
  });

  it('answers callers before the work that follows the answer, and idle waits for that work', async () => {
    let followUpDone = false;
    let finishFollowUp = () => {};
    const batcher = new CallBatches<number, number>(async (items, answer) => {
      answer(items.map(ok));
      await new Promise<void>((resolve) => (finishFollowUp = resolve));
      followUpDone = true;
    }, 10);
    expect(await batcher.call(7)).toBe(7);
    expect(followUpDone).toBe(false);
    const idle = batcher.idle();
    finishFollowUp();
    await idle;
    expect(followUpDone).toBe(true);
  });

  it('fails the calls of a batch that never answers', async () => {
    const batcher = new CallBatches<number, number>(() => Promise.resolve(), 10);
    await expect(batcher.call(1)).rejects.toThrow('the batch gave no answer');
  });
});
