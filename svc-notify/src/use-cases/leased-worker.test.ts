import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '@onvelope/service-kit/observability';
import { startLeasedWorker } from './leased-worker.js';

const log = createLogger('leased-worker-test', 'silent');

/** A worker over jobs 1..`jobs`, claimed all at once, whose first job runs until the test lets it end. */
function workerHoldingItsFirstJob(jobs: number, failRelease = false) {
  const started: number[] = [];
  const released: number[][] = [];
  const release = (left: number[]) => {
    if (failRelease) return Promise.reject(new Error('database away'));
    released.push(left);
    return Promise.resolve();
  };
  const queue = Array.from({ length: jobs }, (_, i) => i + 1);
  let firstHasStarted = (): void => undefined;
  const firstStarted = new Promise<void>((resolve) => (firstHasStarted = resolve));
  let finishFirst = (): void => undefined;
  const worker = startLeasedWorker<number>({
    name: 'test',
    claim: (limit) => Promise.resolve(queue.splice(0, limit)),
    work: async (job) => {
      started.push(job);
      if (job !== 1) return;
      firstHasStarted();
      await new Promise<void>((finish) => (finishFirst = finish));
    },
    everyMs: 60_000,
    concurrency: 1,
    batchSize: jobs,
    release,
    log,
  });
  /** Stops the worker while its first job runs, then lets that job end. */
  const stopDuringFirstJob = async () => {
    await firstStarted;
    const stopping = worker.stop();
    finishFirst();
    await stopping;
  };
  return { started, released, stopDuringFirstJob };
}

describe('startLeasedWorker', () => {
  it('gives back at a stop the jobs it claimed and never started, and only those', async () => {
    const held = workerHoldingItsFirstJob(5);
    await held.stopDuringFirstJob();
    expect(held.started).toEqual([1]);
    expect(held.released).toEqual([[2, 3, 4, 5]]);
  });

  it('stops without a release when nothing was left unstarted', async () => {
    const held = workerHoldingItsFirstJob(1);
    await held.stopDuringFirstJob();
    expect(held.released).toEqual([]);
  });

  it('still stops when giving back fails (the leases cover the jobs)', async () => {
    const held = workerHoldingItsFirstJob(3, true);
    await expect(held.stopDuringFirstJob()).resolves.toBeUndefined();
  });

  it('spaces its claims by the time each took, and a stop ends the wait', async () => {
    const claimsAt: number[] = [];
    let left = 3;
    const worker = startLeasedWorker<number>({
      name: 'test',
      claim: async () => {
        claimsAt.push(performance.now());
        // A claim that costs the database 100 ms.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return left-- > 0 ? [left] : [];
      },
      work: () => Promise.resolve(),
      everyMs: 60_000,
      concurrency: 1,
      batchSize: 1,
      claimSpacing: 3,
      log,
    });
    await vi.waitFor(() => expect(claimsAt).toHaveLength(2), { timeout: 5_000, interval: 5 });
    // The first claim at once; the second 100 ms (its claim) + 300 ms (3 x 100) after it.
    expect(claimsAt[1]! - claimsAt[0]!).toBeGreaterThanOrEqual(390);
    // The second claim's 100 ms, then a wait of 300 ms more: a stop ends that wait at once.
    const stopAsked = performance.now();
    await worker.stop();
    expect(performance.now() - stopAsked).toBeLessThan(380);
    expect(claimsAt).toHaveLength(2);
  });
});
