import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@onvelope/service-kit/observability';
import { createRollupRefresher, REFRESH_SPACING } from './rollup-refresher.js';

const log = createLogger('rollup-refresher-test', 'silent');

describe('createRollupRefresher', () => {
  it('cuts a refresh under way short when stopped, and schedules nothing after', async () => {
    const started: string[] = [];
    let signalled: AbortSignal | undefined;
    const refresher = createRollupRefresher({
      log,
      settleMs: 0,
      maxWaitMs: 1_000,
      // A refresh too long for any shutdown grace: it ends only when told to stop.
      refresh: (accountId, signal) => {
        started.push(accountId);
        signalled = signal;
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        );
      },
    });
    refresher.changed('seller-1');
    await expect.poll(() => started).toEqual(['seller-1']);
    refresher.changed('seller-1');

    await refresher.stop();
    expect(signalled?.aborted).toBe(true);
    refresher.changed('seller-1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['seller-1']);
  });

  it('refreshes a seller changed during a refresh once more after it', async () => {
    const started: string[] = [];
    let finish = () => {};
    const refresher = createRollupRefresher({
      log,
      settleMs: 0,
      maxWaitMs: 1_000,
      refresh: (accountId) => {
        started.push(accountId);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    refresher.changed('seller-1');
    await expect.poll(() => started).toHaveLength(1);
    refresher.changed('seller-1');
    refresher.changed('seller-1');
    finish();
    // After REFRESH_SPACING times the first refresh's length, which is as long as this test took.
    await expect.poll(() => started, { timeout: 10_000 }).toHaveLength(2);
    finish();
    await refresher.stop();
    expect(started).toEqual(['seller-1', 'seller-1']);
  });

  describe('on a fake clock', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * A refresher whose refreshes of one seller take `refreshMs`; `drive` changes the seller over
     * time. Answers when each refresh started, in milliseconds from the start.
     */
    async function refreshStarts(
      {
        settleMs,
        maxWaitMs,
        refreshMs,
      }: { settleMs: number; maxWaitMs: number; refreshMs: number },
      drive: (changed: () => void) => Promise<void>,
    ) {
      const t0 = performance.now();
      const startedAt: number[] = [];
      const refresher = createRollupRefresher({
        log,
        settleMs,
        maxWaitMs,
        refresh: () => {
          startedAt.push(performance.now() - t0);
          return new Promise<void>((resolve) => setTimeout(resolve, refreshMs));
        },
      });
      await drive(() => refresher.changed('seller-1'));
      await vi.advanceTimersByTimeAsync(1_000);
      await refresher.stop();
      return startedAt;
    }

    it.each([
      ['during it', 50],
      ['only after it ended', 150],
    ])(
      'waits REFRESH_SPACING times the length of a refresh before refreshing a seller changed %s',
      async (_when, secondChangeMs) => {
        const starts = await refreshStarts(
          { settleMs: 10, maxWaitMs: 1_000, refreshMs: 100 },
          async (changed) => {
            changed();
            await vi.advanceTimersByTimeAsync(secondChangeMs);
            changed();
          },
        );
        expect(starts).toEqual([10, 110 + REFRESH_SPACING * 100]);
      },
    );

    it('waits for the changes of a seller to pause, but no longer than maxWaitMs after the first', async () => {
      const starts = await refreshStarts(
        { settleMs: 10, maxWaitMs: 100, refreshMs: 0 },
        async (changed) => {
          // A change every 5 ms for 150 ms, then a last one at 200 ms.
          for (let at = 0; at < 150; at += 5) {
            changed();
            await vi.advanceTimersByTimeAsync(5);
          }
          await vi.advanceTimersByTimeAsync(50);
          changed();
        },
      );
      // At 100 ms for the changes from 0 on; at 145 + 10 ms (the last of the run + settleMs) for
      // those from 100 ms on; at 200 + 10 ms for the lone one.
      expect(starts).toEqual([100, 155, 210]);
    });
  });
});
