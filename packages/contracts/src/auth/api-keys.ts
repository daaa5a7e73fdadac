import { z } from 'zod';
import { defineCommand, defineEvent } from '../messaging.js';
import type { RouteContract } from '../route.js';
import { plainText } from '../text.js';
import { authStream } from './events.js';

/**
 * A seller's API keys (issue 35): their own tools call the same routes as the screens, with
 * `Authorization: Bearer onv_live_…` or `X-Api-Key: onv_live_…`.
 */

/** What a key may do: read the seller's data, or read and change it. */
export const apiKeyScopes = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Every secret starts with this, so a key is recognised (by the gateway, by secret scanners). */
export const apiKeySecretPrefix = 'onv_live_';
/** 32 random bytes in base64url: 256 bits, far beyond guessing, whatever the hash. */
const SECRET_BODY = /^[A-Za-z0-9_-]{43}$/;
/** How much of a secret the screens show to tell keys apart (`onv_live_ab12cd…`). */
const VISIBLE_CHARACTERS = 6;

/** Whether `value` has the shape of a key's secret (not whether such a key exists). */
export function isApiKeySecret(value: string): boolean {
  return (
    value.startsWith(apiKeySecretPrefix) && SECRET_BODY.test(value.slice(apiKeySecretPrefix.length))
  );
}

/** Whether a caller's credential is meant as an API key (well-formed or not), not a session token. */
export const looksLikeApiKey = (value: string) => value.startsWith('onv_');

/** The part of a secret that may be shown and stored in clear: `onv_live_ab12cd`. */
export function apiKeyPrefixOf(secret: string): string {
  return secret.slice(0, apiKeySecretPrefix.length + VISIBLE_CHARACTERS);
}

/**
 * Whether a key of `scope` may call `route`: only routes the contracts mark with `apiKey`, and
 * routes that change data only with the read-and-write scope.
 *
 * @example apiKeyMayCall(markShipped, 'read') // 'scope': a read-only key cannot ship
 */
export function apiKeyMayCall(
  route: Pick<RouteContract, 'apiKey'>,
  scope: ApiKeyScope,
): 'yes' | 'route' | 'scope' {
  if (!route.apiKey) return 'route';
  if (route.apiKey === 'write' && scope !== 'read_write') return 'scope';
  return 'yes';
}

/** The words a caller with a key sees (in the style of spec 000 §6's token messages). */
export const apiKeyMessages = {
  invalid: 'INVALID API KEY - Check the key, or create a new one in Account Settings > API Keys',
  revoked: 'API KEY REVOKED - Create a new one in Account Settings > API Keys',
  routeNotAllowed:
    'API keys cannot call this route: account, billing, notification settings and API keys are managed in the app',
  readOnly: 'This API key is read-only: create a read and write key to change data',
  rateLimited: (seconds: number) =>
    `Too many calls with this API key. Please try again in ${seconds} seconds.`,
  unavailable: 'API keys cannot be checked just now. Please try again in a moment.',
  twoCredentials:
    'Send one credential: an API key in X-Api-Key, or a key or session token in Authorization, not both',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 60 characters',
  notFound: 'API key not found',
  tooMany: 'You can have at most 20 API keys. Revoke one you no longer use.',
} as const;

export const maxApiKeysPerAccount = 20;

export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, shown to tell keys apart. */
  prefix: z.string(),
  scope: z.enum(apiKeyScopes),
  createdAt: z.string(),
  /** Updated at most once a minute while the key is used; null if never used. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

export const apiKeysResponse = z.object({ apiKeys: z.array(apiKeyView) });
export const createApiKeyRequest = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(60, apiKeyMessages.nameTooLong)
    .check(plainText()),
  scope: z.enum(apiKeyScopes),
});
/** The only answer that ever carries the secret: it is stored hashed and never shown again. */
export const createdApiKeyResponse = z.object({ apiKey: apiKeyView, secret: z.string() });
export const apiKeyParams = z.object({ id: z.string().min(1).max(64) });
export const revokedApiKeyResponse = z.object({ message: z.string() });

/**
 * Asked of svc-auth by the gateway for a key it has not seen in the last minute: the key's owner
 * and scope, and a short-lived token for it (the gateway forwards calls with it, so the services
 * verify a JWT as for any seller and see `apiKeyId`). Also records when the key was last used.
 * 401 for an unknown or revoked key.
 */
export const authenticateApiKey = defineCommand({
  subject: 'auth.authenticateApiKey',
  request: z.object({ secret: z.string().min(1).max(200) }),
  response: z.object({
    keyId: z.string(),
    accountId: z.string(),
    userId: z.string(),
    scope: z.enum(apiKeyScopes),
    token: z.string(),
    /** When `token` expires, epoch milliseconds. */
    expiresAtMs: z.number().int(),
  }),
});

/**
 * A key was revoked: every gateway forgets it at once. On the AUTH stream (`auth.user.>`), kept
 * as long as a token lives, longer than any gateway holds a key.
 */
export const apiKeyRevoked = defineEvent({
  subject: 'auth.user.api-key-revoked',
  stream: authStream,
  payload: z.object({ keyId: z.string().min(1), accountId: z.string().min(1) }),
});

/** How long a token minted for an API key lives: the gateway asks again well before. */
export const apiKeyTokenLifetimeSeconds = 5 * 60;
