import { apiKeyMessages, apiKeyTokenLifetimeSeconds, isApiKeySecret } from '@onvelope/contracts';
import { unauthorized } from '@onvelope/service-kit/errors';
import type { AuthDeps } from '../deps.js';
import { hashApiKeySecret, lastUseIsDue, LAST_USED_EVERY_MS } from '../domain/api-key-secret.js';

/**
 * The gateway's question for a key it has not seen in the last minute: whose it is, its scope,
 * and a short-lived token to forward its calls with. The key is found by its hash (one indexed
 * lookup). Its last use is written here, and at most once a minute: the gateway asks at most once
 * a minute per key, and the conditional write keeps several gateways to one write too.
 */
export async function authenticateApiKey(
  deps: Pick<AuthDeps, 'apiKeys' | 'signer' | 'now'>,
  secret: string,
) {
  if (!isApiKeySecret(secret)) throw unauthorized(apiKeyMessages.invalid);
  const key = await deps.apiKeys.findOne({ secretHash: hashApiKeySecret(secret) }).lean();
  if (!key) throw unauthorized(apiKeyMessages.invalid);
  if (key.revokedAt) throw unauthorized(apiKeyMessages.revoked);
  const now = deps.now();
  if (lastUseIsDue(key.lastUsedAt, now)) {
    await deps.apiKeys.updateOne(
      {
        _id: key._id,
        $or: [
          { lastUsedAt: null },
          { lastUsedAt: { $lte: new Date(now.getTime() - LAST_USED_EVERY_MS) } },
        ],
      },
      { $set: { lastUsedAt: now } },
    );
  }
  const token = await deps.signer.sign(
    { userId: key.userId, accountId: key.accountId, role: 'merchant', apiKeyId: key._id },
    apiKeyTokenLifetimeSeconds,
  );
  return {
    keyId: key._id,
    accountId: key.accountId,
    userId: key.userId,
    scope: key.scope,
    token,
    // Tokens carry the real clock (`domain/signing-key.ts`), so their expiry does too.
    expiresAtMs: (Math.floor(Date.now() / 1000) + apiKeyTokenLifetimeSeconds) * 1000,
  };
}
