import type { Logger } from '@onvelope/service-kit';

export interface RollupRefresherOptions {
  /** Recomputes a seller's rollup; gives up (rejecting) once `signal` is aborted. */
  refresh: (accountId: string, signal: AbortSignal) => Promise<void>;
  log: Logger;
  /** The least time between a change and the refresh it causes, so a burst is refreshed once. */
  settleMs: number;
}

/**
 * How many times a refresh's own duration a seller changed during it waits for the next: each
 * refresh reads all of the seller's facts, so during a 100,000-row import they kept the database
 * busy half of the time at 1 (issue 18: another seller's analytics calls 2.5-5.4 times their idle
 * p95 during the import, 2.6 at 3, 2.4-2.9 with no refresh at all).
 */
export const REFRESH_SPACING = 3;

interface AccountState {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  /** Changed while a refresh ran: refresh again after it. */
  again: boolean;
  lastTookMs: number;
}

/**
 * Refreshes a seller's rollup soon after their facts change, at most one refresh per seller at a
 * time. Changes that arrive together are refreshed together: a refresh waits `settleMs`, and a
 * seller changed during a refresh waits `REFRESH_SPACING` times as long as that refresh took, so a
 * long import spends at most about a quarter of the time refreshing its seller. Stopping cuts the refreshes under
 * way short (one of 100,000 orders takes about 13 s, more than the shutdown grace); their rollups
 * are still marked dirty, so the sweep at the next start computes them.
 */
export function createRollupRefresher({ refresh, log, settleMs }: RollupRefresherOptions) {
  const accounts = new Map<string, AccountState>();
  const stopping = new AbortController();
  let stopped = false;

  function schedule(accountId: string, state: AccountState, delayMs: number) {
    state.timer = setTimeout(() => {
      state.timer = null;
      state.again = false;
      const started = performance.now();
      state.running = refresh(accountId, stopping.signal)
        .catch((error: unknown) => {
          if (error === stopping.signal.reason) {
            log.info({ accountId }, 'analytics rollup refresh cut short by the stop; left dirty');
            return;
          }
          log.error({ err: error, accountId }, 'analytics rollup refresh failed; will retry');
          state.again = true;
        })
        .finally(() => {
          state.running = null;
          state.lastTookMs = performance.now() - started;
          if (state.again && !stopped) {
            schedule(accountId, state, Math.max(settleMs, REFRESH_SPACING * state.lastTookMs));
          } else {
            accounts.delete(accountId);
          }
        });
    }, delayMs);
  }

  return {
    /** The seller's facts changed. */
    changed(accountId: string) {
      if (stopped) return;
      const state = accounts.get(accountId);
      if (!state) {
        const fresh: AccountState = { timer: null, running: null, again: false, lastTookMs: 0 };
        accounts.set(accountId, fresh);
        schedule(accountId, fresh, settleMs);
      } else if (state.running) {
        state.again = true;
      }
    },
    /** Stops scheduling, cuts the refreshes under way short and waits for them to end. */
    async stop() {
      stopped = true;
      stopping.abort();
      for (const state of accounts.values()) if (state.timer) clearTimeout(state.timer);
      await Promise.all([...accounts.values()].map((state) => state.running));
      accounts.clear();
    },
  };
}
export type RollupRefresher = ReturnType<typeof createRollupRefresher>;
