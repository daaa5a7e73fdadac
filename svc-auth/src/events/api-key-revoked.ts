import {
  apiKeyRevoked,
  authenticateApiKey as authenticateApiKeyCommand,
} from '@onvelope/contracts';
import { publishEvent, serveCommand } from '@onvelope/service-kit/nats';
import { markedBacklog, startOutboxRelay, type OutboxRelay } from '@onvelope/service-kit/outbox';
import type { AuthDeps } from '../deps.js';
import { authenticateApiKey } from '../use-cases/authenticate-api-key.js';

const BATCH = 100;
const LOOK_EVERY_MS = 10_000;

/**
 * Tells every gateway that a key was revoked (`auth.user.api-key-revoked`), however long NATS is
 * away: the mark set with `revokedAt` is cleared only once JetStream has acknowledged the event
 * (message id `<keyId>:revoked`, so repeats from several instances are dropped). The same outbox
 * relay as token revocations (`tokens-revoked.ts`).
 */
export function startApiKeyRevocationRelay(
  deps: Pick<AuthDeps, 'apiKeys' | 'nats' | 'log'>,
): OutboxRelay {
  return startOutboxRelay({
    name: 'API key revocations',
    publishPending: async ({ signal }) => {
      while (!signal.aborted) {
        const unpublished = await deps.apiKeys
          .find({ revocationUnpublished: true }, { accountId: 1 })
          .limit(BATCH)
          .lean();
        for (const { _id: keyId, accountId } of unpublished) {
          await publishEvent(deps.nats, apiKeyRevoked, { keyId, accountId }, `${keyId}:revoked`);
          await deps.apiKeys.updateOne({ _id: keyId }, { $unset: { revocationUnpublished: 1 } });
        }
        if (unpublished.length < BATCH) return;
      }
    },
    backlog: () =>
      markedBacklog(deps.apiKeys.collection, { revocationUnpublished: true }, 'revokedAt'),
    nats: deps.nats,
    log: deps.log,
    everyMs: LOOK_EVERY_MS,
  });
}

/** Answers the gateway's `auth.authenticateApiKey` (401 for an unknown or revoked key). */
export function serveApiKeyAuthentication(
  deps: Pick<AuthDeps, 'apiKeys' | 'signer' | 'now' | 'nats' | 'log'>,
) {
  return serveCommand(
    deps.nats,
    authenticateApiKeyCommand,
    'svc-auth',
    ({ secret }) => authenticateApiKey(deps, secret),
    deps.log,
  );
}
