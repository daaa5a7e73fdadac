import { userTokensRevoked } from '@onvelope/contracts';
import { publishEvent } from '@onvelope/service-kit';
import {
  customerStore,
  sellerStore,
  type UnpublishedRevocations,
} from '../accounts/account-store.js';
import type { AuthDeps } from '../deps.js';

/** Accounts read per query while publishing. */
const BATCH = 100;
/** How often unpublished revocations are tried again, besides at start-up and on reconnection. */
const RETRY_MS = 10_000;

export interface RevocationRelay {
  /** Publishes the unpublished revocations in the background; answers at once. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Delivers every stored revocation (`accounts/token-revocation.ts`) to the other services as
 * `auth.user.tokens-revoked`, however long NATS is away: an account's mark is cleared only once
 * JetStream has acknowledged its event. Runs at start-up (a revocation left by an instance that
 * stopped during an outage), when a change asks, when the connection to NATS comes back, and every
 * 10 s. Several instances may publish the same revocation: the message id `<userId>:<notBeforeMs>`
 * lets JetStream drop the repeat, and a revocation is idempotent for its consumers anyway.
 */
export function startRevocationRelay(
  deps: Pick<AuthDeps, 'sellers' | 'customers' | 'now' | 'nats' | 'log'>,
  retryMs = RETRY_MS,
): RevocationRelay {
  const stores: UnpublishedRevocations[] = [sellerStore(deps), customerStore(deps)];
  let round: Promise<void> | undefined;
  let askedAgain = false;
  let stopped = false;
  // While the connection is down a publish could only wait for its timeout: the reconnection asks.
  let connected = !deps.nats.isClosed();

  async function publishUnpublished(store: UnpublishedRevocations) {
    for (;;) {
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

  async function publishUntilDone() {
    while (askedAgain && connected && !stopped) {
      askedAgain = false;
      try {
        for (const store of stores) await publishUnpublished(store);
      } catch (error) {
        // Asked again while this round failed (NATS came back, say): go again at once.
        deps.log.warn({ err: error }, 'token revocations not published yet; will retry');
      }
    }
  }

  const kick = () => {
    askedAgain = true;
    round ??= publishUntilDone().finally(() => {
      round = undefined;
    });
  };

  const retry = setInterval(kick, retryMs);
  retry.unref();
  void (async () => {
    for await (const status of deps.nats.status()) {
      if (status.type === 'disconnect') connected = false;
      if (status.type === 'reconnect') {
        connected = true;
        kick();
      }
    }
  })();
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(retry);
      await round;
    },
  };
}
