import { randomBytes } from 'node:crypto';
import {
  apiKeyMessages,
  maxApiKeysPerAccount,
  type ApiKeyScope,
  type ApiKeyView,
  type AuthContext,
} from '@onvelope/contracts';
import { conflict, notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { ApiKeyDocument } from '../data/api-key.model.js';
import type { AuthDeps } from '../deps.js';
import { newApiKeySecret } from '../domain/api-key-secret.js';

type Deps = Pick<AuthDeps, 'apiKeys' | 'now' | 'apiKeyRevocationRelay'>;

/** What the screens see of a key: never its secret or its hash. */
export const apiKeyViewOf = (key: ApiKeyDocument): ApiKeyView => ({
  id: key._id,
  name: key.name,
  prefix: key.prefix,
  scope: key.scope,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

/** The seller's keys that still work, newest first (revoked keys are gone from the list). */
export async function listApiKeys(deps: Deps, caller: AuthContext) {
  const keys = await forAccount(deps.apiKeys, caller.accountId)
    .find({ revokedAt: null })
    .sort({ createdAt: -1 })
    .lean();
  return { apiKeys: keys.map(apiKeyViewOf) };
}

/** A new key: the answer is the only place its secret ever appears. */
export async function createApiKey(
  deps: Deps,
  caller: AuthContext,
  input: { name: string; scope: ApiKeyScope },
) {
  const keys = forAccount(deps.apiKeys, caller.accountId);
  const live = await keys.countDocuments({ revokedAt: null });
  if (live >= maxApiKeysPerAccount) throw conflict(apiKeyMessages.tooMany);
  const { secret, prefix, secretHash } = newApiKeySecret();
  const key = await keys.create({
    _id: `key_${randomBytes(12).toString('hex')}`,
    userId: caller.userId,
    name: input.name,
    prefix,
    secretHash,
    scope: input.scope,
    createdAt: deps.now(),
    lastUsedAt: null,
    revokedAt: null,
  });
  return { apiKey: apiKeyViewOf(key.toObject()), secret };
}

/**
 * Revokes one of the seller's keys. The revocation and the mark that it is still to be announced
 * are one document write; the relay then tells every gateway (`events/api-key-revoked.ts`). svc-auth
 * refuses the key from this write on. Another account's key, or one already revoked, is 404.
 */
export async function revokeApiKey(deps: Deps, caller: AuthContext, id: string) {
  const revoked = await forAccount(deps.apiKeys, caller.accountId).findOneAndUpdate(
    { _id: id, revokedAt: null },
    { $set: { revokedAt: deps.now(), revocationUnpublished: true } },
  );
  if (!revoked) throw notFound(apiKeyMessages.notFound);
  deps.apiKeyRevocationRelay.kick();
  return { message: `API key "${revoked.name}" revoked` };
}
