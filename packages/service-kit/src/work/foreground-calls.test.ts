import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { foregroundCalls } from './foreground-calls.js';
import { startModuleWorker } from './module-worker.js';

/** A call that is answered when the test says so. */
function pendingCall() {
  let answer = () => {};
  const answered = new Promise<string>((resolve) => (answer = () => resolve('answered')));
  return { answer: () => answer(), run: () => answered };
}

describe('foregroundCalls', () => {
  it('is quiet when no call was made', () => {
    expect(foregroundCalls().isQuiet(1_000)).toBe(true);
  });

  it('is not quiet while a call is under way, and passes its answer on', async () => {
    const calls = foregroundCalls();
    const call = pendingCall();
    const tracked = calls.track(call.run);
    expect(calls.isQuiet(0)).toBe(false);
    call.answer();
    expect(await tracked).toBe('answered');
    expect(calls.isQuiet(0)).toBe(true);
  });

  it('counts a failed call as answered, and passes its failure on', async () => {
    const calls = foregroundCalls();
    await expect(calls.track(() => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(calls.isQuiet(0)).toBe(true);
  });

  it('counts the calls of every view of its state as one', async () => {
    const calls = foregroundCalls();
    const view = foregroundCalls(calls.state);
    const call = pendingCall();
    const tracked = view.track(call.run);
    expect(calls.isQuiet(0)).toBe(false);
    call.answer();
    await tracked;
    expect(calls.isQuiet(0)).toBe(true);
    expect(calls.isQuiet(60_000)).toBe(false);
  });

  it('refuses a state it did not make', () => {
    expect(() => foregroundCalls(new SharedArrayBuffer(8))).toThrow('Not a foreground calls state');
  });

  it('gives a worker thread that has its state the calls of the thread that made it', async () => {
    const calls = foregroundCalls();
    const worker = startModuleWorker(
      new URL('../../test/fixtures/quiet-worker.ts', import.meta.url),
      {
        workerData: calls.state,
      },
    );
    const quietInWorker = async (quietMs: number) => {
      worker.postMessage(quietMs);
      const [quiet] = (await once(worker, 'message')) as [boolean];
      return quiet;
    };
    try {
      expect(await quietInWorker(0)).toBe(true);
      const call = pendingCall();
      const tracked = calls.track(call.run);
      expect(await quietInWorker(0)).toBe(false);
      call.answer();
      await tracked;
      expect(await quietInWorker(60_000)).toBe(false);
      expect(await quietInWorker(0)).toBe(true);
    } finally {
      await worker.terminate();
    }
  });

  describe('with a call coming in over HTTP', () => {
    let server: Server;
    afterEach(() => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    });

    it('holds bulk work that runs on promises alone once the call has come in', async () => {
      const calls = foregroundCalls();
      const call = pendingCall();
      server = createServer((_request, response) => {
        void calls.track(call.run).then((body) => response.end(body));
      });
      await once(server.listen(0, '127.0.0.1'), 'listening');
      const { port } = server.address() as AddressInfo;
      request({ port, host: '127.0.0.1', path: '/' }).end();
      await once(server, 'connection');

      // Steps that end on promises alone, as a parser's buffered rows do, with a pause after each.
      const giveWay = calls.givingWay();
      let steps = 0;
      const work = (async () => {
        for (; steps < 1_000; steps += 1) {
          await Promise.resolve();
          await giveWay();
        }
      })();
      await expect.poll(() => calls.isQuiet(0)).toBe(false);
      const stepsWhenCallCame = steps;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(steps).toBeLessThan(1_000);
      expect(steps).toBe(stepsWhenCallCame);
      call.answer();
      await work;
      expect(steps).toBe(1_000);
    });
  });
});

describe('foregroundCalls over time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** When the pause ends, in fake milliseconds from now, advancing the clock a millisecond at a time. */
  async function pauseLength(pause: Promise<void>, limitMs = 10_000) {
    const started = performance.now();
    let ended = false;
    void pause.then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(0);
    while (!ended && performance.now() - started < limitMs) await vi.advanceTimersByTimeAsync(1);
    return ended ? performance.now() - started : Infinity;
  }

  it('is quiet once no call was answered for the time asked', async () => {
    const calls = foregroundCalls();
    await calls.track(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.isQuiet(1_000)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.isQuiet(1_000)).toBe(true);
  });

  it('lets bulk work go on at once when no call was answered lately', async () => {
    const calls = foregroundCalls();
    const giveWay = calls.givingWay({ quietMs: 30 });
    expect(await pauseLength(giveWay())).toBe(0);
    await calls.track(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(30);
    expect(await pauseLength(giveWay())).toBe(0);
  });

  it('holds bulk work while a call is under way and until none was answered for quietMs', async () => {
    const calls = foregroundCalls();
    const giveWay = calls.givingWay({ quietMs: 30, allowanceMs: 1_000 });
    const call = pendingCall();
    const tracked = calls.track(call.run);
    const pause = giveWay();
    await vi.advanceTimersByTimeAsync(100);
    call.answer();
    await tracked;
    // Answered 100 ms into the pause, which ends 30 ms later.
    const rest = await pauseLength(pause);
    expect(rest).toBeGreaterThanOrEqual(30);
    expect(rest).toBeLessThanOrEqual(31);
  });

  it('never holds bulk work longer in all than it has worked, plus the allowance', async () => {
    const calls = foregroundCalls();
    const giveWay = calls.givingWay({ quietMs: 30, allowanceMs: 250 });
    const call = pendingCall();
    const tracked = calls.track(call.run);
    // A call under way throughout: the first pause spends the allowance.
    expect(await pauseLength(giveWay())).toBeCloseTo(250, -1);
    // After 100 ms of work, the work may wait 100 ms more.
    await vi.advanceTimersByTimeAsync(100);
    expect(await pauseLength(giveWay())).toBeCloseTo(100, -1);
    expect(await pauseLength(giveWay())).toBe(0);
    call.answer();
    await tracked;
  });

  it('ends a pause at once when its work is stopped, and takes none after', async () => {
    const calls = foregroundCalls();
    const stop = new AbortController();
    const giveWay = calls.givingWay({ quietMs: 30, allowanceMs: 1_000, signal: stop.signal });
    const call = pendingCall();
    const tracked = calls.track(call.run);
    const pause = giveWay();
    await vi.advanceTimersByTimeAsync(10);
    stop.abort();
    expect(10 + (await pauseLength(pause))).toBe(10);
    expect(await pauseLength(giveWay())).toBe(0);
    call.answer();
    await tracked;
  });

  it('counts pauses taken at once by two parts of the work once', async () => {
    const calls = foregroundCalls();
    const giveWay = calls.givingWay({ quietMs: 30, allowanceMs: 250 });
    const call = pendingCall();
    const tracked = calls.track(call.run);
    // Both spend the same allowance side by side: 250 ms of waiting, not 125 each.
    const [first, second] = await Promise.all([pauseLength(giveWay()), pauseLength(giveWay())]);
    expect(first).toBeCloseTo(250, -1);
    expect(second).toBeCloseTo(250, -1);
    // The allowance is spent (the fake clock moved a millisecond or so past it meanwhile).
    expect(await pauseLength(giveWay())).toBeLessThanOrEqual(2);
    call.answer();
    await tracked;
  });
});
