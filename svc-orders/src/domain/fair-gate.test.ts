import { describe, expect, it } from 'vitest';
import { createFairGate } from './fair-gate.js';

/** Work that ends when the test says so, recording when it started. */
function heldWork(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const ended = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    work: () => {
      started.push(name);
      return ended;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createFairGate', () => {
  it('runs at most its slots at once and starts the next as one ends', async () => {
    const gate = createFairGate(2);
    const started: string[] = [];
    const works = ['a1', 'a2', 'a3'].map((name) => heldWork(started, name));
    const answers = works.map((held) => gate.run('a', held.work));
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });

    works[0]!.finish();
    await expect(answers[0]).resolves.toBe('a1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    expect(gate.load()).toEqual({ running: 2, waiting: 0 });

    works[1]!.finish();
    works[2]!.finish();
    await Promise.all(answers);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("takes the waiting keys in turn: one key's backlog delays another's call by one turn", async () => {
    const gate = createFairGate(1);
    const started: string[] = [];
    const first = heldWork(started, 'a0');
    const answers = [gate.run('a', first.work)];
    const backlog = ['a1', 'a2', 'a3'].map((name) => heldWork(started, name));
    answers.push(...backlog.map((held) => gate.run('a', held.work)));
    const other = heldWork(started, 'b1');
    answers.push(gate.run('b', other.work));
    await settle();
    expect(started).toEqual(['a0']);

    first.finish();
    await settle();
    expect(started).toEqual(['a0', 'a1']);
    backlog[0]!.finish();
    await settle();
    // b waited one turn of a's, not all three.
    expect(started).toEqual(['a0', 'a1', 'b1']);
    other.finish();
    backlog[1]!.finish();
    backlog[2]!.finish();
    await settle();
    expect(started).toEqual(['a0', 'a1', 'b1', 'a2', 'a3']);
    await Promise.all(answers);
  });

  it('frees the slot of work that failed, and the failure reaches its caller alone', async () => {
    const gate = createFairGate(1);
    const started: string[] = [];
    const failing = heldWork(started, 'a1');
    const next = heldWork(started, 'b1');
    const failed = gate.run('a', failing.work);
    const answered = gate.run('b', next.work);
    failing.fail(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    next.finish();
    await expect(answered).resolves.toBe('b1');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a call whose caller has gone out of the line, and the next in turn gets the slot', async () => {
    let left = 0;
    const gate = createFairGate(1, { onLeave: () => (left += 1) });
    const started: string[] = [];
    const first = heldWork(started, 'a1');
    const abandoned = heldWork(started, 'b1');
    const next = heldWork(started, 'c1');
    const answers = [gate.run('a', first.work)];
    const hungUp = new AbortController();
    const leaving = gate.run('b', abandoned.work, hungUp.signal);
    answers.push(gate.run('c', next.work));
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });

    hungUp.abort(new Error('client closed the request'));
    await expect(leaving).rejects.toThrow('client closed the request');
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });
    expect(left).toBe(1);
    first.finish();
    await settle();
    expect(started).toEqual(['a1', 'c1']);
    next.finish();
    await Promise.all(answers);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
    await expect(gate.run('b', abandoned.work, hungUp.signal)).rejects.toThrow('client closed');
    expect(started).toEqual(['a1', 'c1']);
    // Refused at the door, it never stood in the line.
    expect(left).toBe(1);
  });

  it('refuses a gate without a slot', () => {
    expect(() => createFairGate(0)).toThrow(RangeError);
  });
});
