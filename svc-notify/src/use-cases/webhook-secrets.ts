import type { Logger } from '@onvelope/service-kit/observability';
import type {
  WebhookEndpointDocument,
  WebhookEndpointModel,
} from '../data/webhook-endpoint.model.js';
import { openSecret, sealSecret, type SecretKeyring } from '../domain/webhook-secret-cipher.js';

type StoredSecrets = Pick<
  WebhookEndpointDocument,
  '_id' | 'secret' | 'previousSecret' | 'secretsKeyId'
>;

/** An endpoint's secrets as they are stored: encrypted with the current key, bound to it. */
export function storedSecretsOf(
  ring: SecretKeyring,
  endpointId: string,
  secret: string,
  previousSecret: string | null,
): Pick<WebhookEndpointDocument, 'secret' | 'previousSecret' | 'secretsKeyId'> {
  return {
    secret: sealSecret(ring, secret, endpointId),
    previousSecret: previousSecret === null ? null : sealSecret(ring, previousSecret, endpointId),
    secretsKeyId: ring.current.id,
  };
}

/** An endpoint's secrets in clear, as they sign and as the seller is shown them. */
export function openedSecretsOf(
  ring: SecretKeyring,
  endpoint: StoredSecrets,
): { secret: string; previousSecret: string | null } {
  const boundTo = endpoint._id.toString();
  // Documents from before encryption began have no key id at all.
  const keyId = endpoint.secretsKeyId ?? null;
  const open = (stored: string) => openSecret(ring, stored, keyId, boundTo);
  return {
    secret: open(endpoint.secret),
    previousSecret: endpoint.previousSecret === null ? null : open(endpoint.previousSecret),
  };
}

/**
 * Run at start: every secret stored in clear (before encryption began) or with a previous key is
 * encrypted again with the current one, so an old key may be dropped after one start. Each write
 * is on the document as it was read, so a roll made meanwhile (already with the current key) is
 * never overwritten, and replicas starting together do the work once. A secret no configured key
 * opens is logged and left (its deliveries fail until the key is configured again).
 */
export async function resealWebhookSecrets(
  endpoints: WebhookEndpointModel,
  ring: SecretKeyring,
  log: Logger,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  const stale = endpoints
    .find(
      { secretsKeyId: { $ne: ring.current.id } },
      { secret: 1, previousSecret: 1, secretsKeyId: 1 },
    )
    .lean<StoredSecrets[]>()
    .cursor();
  for await (const endpoint of stale) {
    let opened: ReturnType<typeof openedSecretsOf>;
    try {
      opened = openedSecretsOf(ring, endpoint);
    } catch (error) {
      unreadable += 1;
      log.error(
        { endpointId: endpoint._id.toString(), err: error },
        'webhook secret that no configured key opens',
      );
      continue;
    }
    const { modifiedCount } = await endpoints.updateOne(
      {
        _id: endpoint._id,
        secret: endpoint.secret,
        previousSecret: endpoint.previousSecret,
        secretsKeyId: endpoint.secretsKeyId ?? null,
      },
      {
        $set: storedSecretsOf(ring, endpoint._id.toString(), opened.secret, opened.previousSecret),
      },
    );
    resealed += modifiedCount;
  }
  if (resealed > 0 || unreadable > 0) {
    log.info({ resealed, unreadable }, 'webhook secrets encrypted with the current key');
  }
  return { resealed, unreadable };
}
