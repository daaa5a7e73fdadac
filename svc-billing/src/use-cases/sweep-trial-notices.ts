import { setTimeout as sleep } from 'node:timers/promises';
import type { BillingAccountDocument } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import {
  trialNotice,
  trialNoticeKinds,
  trialNoticeWindow,
  type TrialNoticeKind,
} from '../domain/billing-notices.js';

export type TrialNoticeDeps = Pick<BillingDeps, 'accounts' | 'sellerNotices' | 'log' | 'now'>;

type DueAccount = Pick<BillingAccountDocument, '_id' | 'trialEnd' | 'subscription'>;

/** Accounts read per query. */
const BATCH = 200;

/**
 * One round of the trial notices (issue 34): asks "your trial ends in two days" and "your trial has
 * ended" of each account whose trial reached the moment and that no subscription follows, then
 * marks the account decided (`trialNoticeStep`), asked or not. The query reads only undecided
 * accounts in the notice's window (an index on the mark and `trialEnd`), so a round costs what
 * became due since the last, whatever the number of accounts.
 *
 * Several replicas may sweep at once: the notice is asked before the mark is written, so a replica
 * stopping in between leaves it for the next round, and two replicas asking the same notice store
 * one request (the outbox keeps one per notice id). Returns how many accounts it decided.
 */
export async function sweepTrialNotices(
  deps: TrialNoticeDeps,
  signal?: AbortSignal,
): Promise<number> {
  const now = deps.now();
  let decided = 0;
  for (const kind of trialNoticeKinds) {
    const { after, until, undecided } = trialNoticeWindow(kind, now);
    const due = { trialNoticeStep: { $in: undecided }, trialEnd: { $gt: after, $lte: until } };
    for (;;) {
      const accounts = await deps.accounts
        .find(due, { _id: 1, trialEnd: 1, subscription: 1 })
        .sort({ trialEnd: 1 })
        .limit(BATCH)
        .lean<DueAccount[]>();
      for (const account of accounts) {
        if (signal?.aborted) return decided;
        await decide(deps, account, kind, undecided);
        decided += 1;
      }
      if (accounts.length < BATCH) break;
    }
  }
  return decided;
}

async function decide(
  deps: TrialNoticeDeps,
  account: DueAccount,
  kind: TrialNoticeKind,
  undecided: (TrialNoticeKind | null)[],
) {
  const requested = trialNotice(account, kind);
  if (requested) {
    await deps.sellerNotices.request(account._id, requested.noticeId, requested.notice);
  }
  // Unconditional on what was read: an account another replica decided meanwhile is left as it is,
  // and one this round decided no longer matches the query (the loop above always ends).
  await deps.accounts.updateOne(
    { _id: account._id, trialNoticeStep: { $in: undecided } },
    { $set: { trialNoticeStep: kind } },
  );
}

export interface TrialNoticeSweep {
  /** Waits for the round under way (ended early between two accounts) and stops. */
  stop(): Promise<void>;
}

/**
 * Sweeps at start and then every `everyMs` (never two rounds at once). A failed round (the database
 * away) is logged and the next one tries again: what it did not decide is still undecided.
 */
export function startTrialNoticeSweep(deps: TrialNoticeDeps, everyMs: number): TrialNoticeSweep {
  const stopping = new AbortController();
  const { signal } = stopping;
  const running = (async () => {
    while (!signal.aborted) {
      try {
        const decided = await sweepTrialNotices(deps, signal);
        if (decided > 0) deps.log.info({ decided }, 'trial notices swept');
      } catch (error) {
        deps.log.warn({ err: error }, 'trial notice sweep failed; the next round tries again');
      }
      await sleep(everyMs, undefined, { signal, ref: false }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
