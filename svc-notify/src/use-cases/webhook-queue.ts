import type {
  WebhookDeliveryDocument,
  WebhookDeliveryModel,
} from '../data/webhook-delivery.model.js';
import { accountsInTurn, interleaved } from '../domain/account-turns.js';
import { takeUnderToken } from './token-claims.js';

export interface WebhookQueueDeps {
  deliveries: WebhookDeliveryModel;
  now: () => Date;
  /** How long a claim holds what it took. */
  leaseMs: number;
}

/** Which account a sender's claims served last: the next claim starts after it. */
export interface AccountTurn {
  servedLast?: string;
}

/** Pending and due now (a claimed delivery is due again when its lease ends). */
export const dueDeliveriesAt = (now: Date) => ({
  state: 'pending' as const,
  nextAttemptAt: { $lte: now },
});

/**
 * Claims up to `limit` due deliveries under `token`, fairly between sellers: every account with
 * something due (up to `limit` accounts, in turn after the one served last) gets an equal share of
 * the claim, its earliest due first, and the claim's deliveries are interleaved by account. So one
 * seller's backlog of thousands delays another seller's one event by a claim, not by the backlog.
 * One update takes what is still due (a delivery another sender took meanwhile is not taken twice)
 * and one read by `token` returns it.
 *
 * Every read narrows by a value a non-unique index starts with (`state`, `leaseOwner`), never by
 * `_id` beside other fields: the test server (mongo-java-server) serves an index only on its first
 * key and otherwise reads the whole collection, whose settled history grows without end.
 */
export async function claimDueDeliveries(
  deps: WebhookQueueDeps,
  token: string,
  limit: number,
  turn: AccountTurn = {},
): Promise<WebhookDeliveryDocument[]> {
  const { deliveries } = deps;
  const now = deps.now();
  const due = dueDeliveriesAt(now);
  const accounts = accountsInTurn(
    await deliveries.distinct('accountId', due),
    turn.servedLast,
    limit,
  );
  if (accounts.length === 0) return [];
  const share = Math.max(1, Math.floor(limit / accounts.length));
  const idsByAccount = await Promise.all(
    accounts.map(async (accountId) =>
      (
        await deliveries
          .find({ ...due, accountId }, { _id: 1 })
          .sort({ nextAttemptAt: 1 })
          .limit(share)
          .lean()
      ).map(({ _id }) => _id),
    ),
  );
  turn.servedLast = accounts.at(-1);
  const ids = interleaved(idsByAccount);
  if (ids.length === 0) return [];
  return takeUnderToken(deliveries, due, ids, token, {
    nextAttemptAt: new Date(now.getTime() + deps.leaseMs),
    updatedAt: now,
  });
}
