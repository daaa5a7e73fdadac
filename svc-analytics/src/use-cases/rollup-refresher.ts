import type { Logger } from '@onvelope/service-kit/observability';

export interface RollupRefresherOptions {
  /** Recomputes a seller's rollup; gives up (rejecting) once `signal` is aborted. */
  refresh: (accountId: string, signal: AbortSignal) => Promise<void>;
  log: Logger;
  /** How long a seller's changes must pause before the refresh they cause, so a burst is refreshed once. */
  settleMs: number;
  /** How long a change waits at most for the seller's changes to pause. */
  maxWaitMs: number;
}

/**
 * How many times a refresh's own duration a seller changed during it waits for the next: each
 * refresh reads all of the seller's facts, so during a 100,000-row import they kept the database
 * busy half of the time at 1 (issue 18: another seller's analytics calls 2.5-5.4 times their idle
 * p95 during the import, 2.6 at 3, 2.4-2.9 with no refresh at all).
 */
export const REFRESH_SPACING = 3;

/**
 * What a refresh throws when another replica refreshes the seller, or has just done so
 * (`leasedRefresh`): the seller's changes are refreshed here once `until` has passed.
 */
export class RefreshHeldElsewhere extends Error {
  constructor(
    accountId: string,
    readonly until: Date,
  ) {
    super(`the rollup of ${accountId} is held by another replica until ${until.toISOString()}`);
    this.name = 'RefreshHeldElsewhere';
  }
}

interface AccountState {
  /** The next refresh, or (idle) the end of the spacing after the last one. */
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  /** When the first change not yet taken by a refresh came (`performance.now()`), if any. */
  changedSince: number | null;
  /** No refresh starts before this (`performance.now()`): the spacing after the last one. */
  notBefore: number;
}

/**
 * Refreshes a seller's rollup soon after their facts change, at most one refresh per seller at a
 * time. Changes that arrive together are refreshed together: a refresh waits until the seller's
 * changes have paused for `settleMs`, but no longer than `maxWaitMs` after the first of them (an
 * import's changes come every few milliseconds: its seller's figures are refreshed when it ends, or
 * every `maxWaitMs` while it lasts), and a refresh starts `REFRESH_SPACING` times its own duration
 * after the one before at the earliest, so a seller whose changes never pause takes at most about a
 * quarter of the time refreshing. Stopping cuts the refreshes under way short (one of 100,000
 * orders takes about 13 s, more than the shutdown grace); their rollups are still marked dirty, so
 * the sweep at the next start computes them.
 */
export function createRollupRefresher({
  refresh,
  log,
  settleMs,
  maxWaitMs,
}: RollupRefresherOptions) {
  const accounts = new Map<string, AccountState>();
  const stopping = new AbortController();
  let stopped = false;

  function run(accountId: string, state: AccountState) {
    let heldForMs = 0;
    state.timer = null;
    state.changedSince = null;
    const started = performance.now();
    state.running = refresh(accountId, stopping.signal)
      .catch((error: unknown) => {
        if (error === stopping.signal.reason) {
          log.info({ accountId }, 'analytics rollup refresh cut short by the stop; left dirty');
          return;
        }
        if (error instanceof RefreshHeldElsewhere) {
          // Another replica has the seller: this one's changes wait for its lease to end.
          state.changedSince ??= performance.now();
          heldForMs = error.until.getTime() - Date.now();
          return;
        }
        log.error({ err: error, accountId }, 'analytics rollup refresh failed; will retry');
        state.changedSince ??= performance.now();
      })
      .finally(() => {
        state.running = null;
        const ended = performance.now();
        state.notBefore =
          ended + Math.max(settleMs, REFRESH_SPACING * (ended - started), heldForMs);
        if (stopped) return;
        if (state.changedSince !== null) schedule(accountId, state);
        else forgetWhenSpaced(accountId, state, ended);
      });
  }

  /** Keeps the seller's spacing until it has passed, so a change just after a refresh waits too. */
  function forgetWhenSpaced(accountId: string, state: AccountState, now: number) {
    state.timer = setTimeout(() => accounts.delete(accountId), state.notBefore - now);
  }

  /** (Re)sets the seller's timer to when their changes allow the next refresh. */
  function schedule(accountId: string, state: AccountState) {
    const now = performance.now();
    const due = Math.max(
      state.notBefore,
      Math.min(now + settleMs, (state.changedSince ?? now) + maxWaitMs),
    );
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => run(accountId, state), due - now);
  }

  return {
    /** The seller's facts changed. */
    changed(accountId: string) {
      if (stopped) return;
      let state = accounts.get(accountId);
      if (!state) {
        state = { timer: null, running: null, changedSince: null, notBefore: 0 };
        accounts.set(accountId, state);
      }
      state.changedSince ??= performance.now();
      if (!state.running) schedule(accountId, state);
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
