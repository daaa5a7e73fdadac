import { accessOf, type AccessDecision, type BillingAccessState } from '@onvelope/contracts';
import { publishBillingState as publish } from '@onvelope/service-kit/billing';
import type { BillingAccountDocument } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import { graceUntilOf } from '../domain/subscription-state.js';

/** What the BILLING_ACCESS stream says of an account (see `accessOf` in the contracts). */
export function accessStateOf(
  account: BillingAccountDocument,
  graceDays: number,
): BillingAccessState {
  return {
    accountId: account._id,
    version: account.version,
    trialEnd: account.trialEnd?.toISOString() ?? null,
    subscriptionStatus: account.subscription?.status ?? null,
    graceUntil: graceUntilOf(account.subscription, graceDays)?.toISOString() ?? null,
  };
}

/** Whether the account's workspace is open now, and in which state (none known: never heard of). */
export function accessDecisionOf(
  account: BillingAccountDocument | null,
  graceDays: number,
  now: Date,
): AccessDecision {
  return accessOf(account ? accessStateOf(account, graceDays) : undefined, now);
}

/** What publishing a billing state needs (the outbox relay has it before the other deps). */
export type BillingStatePublishing = Pick<BillingDeps, 'accounts' | 'nats' | 'graceDays'>;

/**
 * Publishes the account's billing state and records that the stream has it. Every change is
 * written first with `pendingPublish` (the outbox), so a publish that fails here (NATS down) is
 * done by the relay later: a stored change always reaches the other services.
 */
export async function publishBillingState(
  deps: BillingStatePublishing,
  account: BillingAccountDocument,
): Promise<void> {
  await publish(deps.nats, accessStateOf(account, deps.graceDays));
  await deps.accounts.updateOne(
    { _id: account._id, version: account.version },
    { $set: { pendingPublish: false } },
  );
}

/** One round of the outbox relay: publishes every change a failed publish left behind. */
export async function publishPendingStates(
  deps: BillingStatePublishing,
  signal: AbortSignal,
): Promise<void> {
  for await (const account of deps.accounts.find({ pendingPublish: true }).lean().cursor()) {
    if (signal.aborted) return;
    await publishBillingState(deps, account as BillingAccountDocument);
  }
}

/**
 * Changes one account with optimistic concurrency (no transactions: the account document is the
 * unit of atomicity): reads it, lets `change` decide the update from what it read, and writes only
 * if nobody changed it meanwhile (else reads again). `change` answers null for "nothing to do".
 * A change bumps `version`, and the new state is published (by the relay, if NATS is down now).
 */
export async function changeAccount(
  deps: BillingDeps,
  accountId: string,
  change: (account: BillingAccountDocument) => Partial<BillingAccountDocument> | null,
): Promise<{ account: BillingAccountDocument | null; changed: boolean }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const account = await deps.accounts.findById(accountId).lean<BillingAccountDocument>();
    if (!account) return { account: null, changed: false };
    const update = change(account);
    if (!update) return { account, changed: false };
    const saved = await deps.accounts
      .findOneAndUpdate(
        { _id: accountId, version: account.version },
        {
          $set: { ...update, updatedAt: deps.now(), pendingPublish: true },
          $inc: { version: 1 },
        },
        { returnDocument: 'after' },
      )
      .lean<BillingAccountDocument>();
    if (saved) {
      await publishBillingState(deps, saved).catch((error: unknown) => {
        deps.log.warn({ err: error, accountId }, 'billing state not published; the relay will');
        deps.billingStateRelay.kick();
      });
      return { account: saved, changed: true };
    }
  }
  throw new Error(`billing account ${accountId} kept changing under five attempts`);
}
