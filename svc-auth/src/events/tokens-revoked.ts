import { userTokensRevoked } from '@onvelope/contracts';
import { publishEvent } from '@onvelope/service-kit/nats';
import { startOutboxRelay, sumBacklogs, type OutboxRelay } from '@onvelope/service-kit/outbox';
import {
  customerStore,
  sellerStore,
  type UnpublishedRevocations,
} from '../accounts/account-store.js';
import type { AuthDeps } from '../deps.js';

/** Accounts read per query while publishing. */
const BATCH = 100;
/** How often unpublished revocations are looked for when nothing asks (the relay's safety net). */
const LOOK_EVERY_MS = 10_000;

/**
 * Delivers every stored revocation (`accounts/token-revocation.ts`) to the other services as
 * `auth.user.tokens-revoked`, however long NATS is away: an account's mark is cleared only once
 * JetStream has acknowledged its event. The service kit's outbox relay runs it at start-up (a
 * revocation left by an instance that stopped during an outage), when a change kicks it, when the
 * connection to NATS comes back, after a failure and every 10 s. Several instances may publish the
 * same revocation: the message id `<userId>:<notBeforeMs>` lets JetStream drop the repeat, and a
 * revocation is idempotent for its consumers anyway.
 */
export function startRevocationRelay(
  deps: Pick<AuthDeps, 'sellers' | 'customers' | 'now' | 'nats' | 'log' | 'profileRelay'>,
): OutboxRelay {
  const stores: UnpublishedRevocations[] = [sellerStore(deps), customerStore(deps)];

  async function publishUnpublished(store: UnpublishedRevocations, signal: AbortSignal) {
    while (!signal.aborted) {
      const unpublished = await store.unpublishedRevocations(BATCH);
      for (const revocation of unpublished) {
        const { _id: userId, tokensNotBefore } = revocation;
        if (!tokensNotBefore) continue;
        const notBeforeMs = tokensNotBefore.getTime();
        await publishEvent(
          deps.nats,
          userTokensRevoked,
          { userId, notBeforeMs },
          `${userId}:${notBeforeMs}`,
        );
        await store.revocationPublished(revocation);
      }
      if (unpublished.length < BATCH) return;
    }
  }

  return startOutboxRelay({
    name: 'token revocations',
    publishPending: async ({ signal }) => {
      for (const store of stores) await publishUnpublished(store, signal);
    },
    backlog: async () =>
      sumBacklogs(await Promise.all(stores.map((store) => store.revocationBacklog()))),
    nats: deps.nats,
    log: deps.log,
    everyMs: LOOK_EVERY_MS,
  });
}
