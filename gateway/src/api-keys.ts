import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import {
  apiKeyMayCall,
  apiKeyMessages,
  apiKeyRevoked,
  authenticateApiKey,
  isApiKeySecret,
  looksLikeApiKey,
  userTokensRevoked,
  type ApiKeyScope,
  type RouteContract,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import type { WindowCounter } from './rate-limit.js';

/** What svc-auth answered for a key: its owner and scope, and a token to forward its calls with. */
export interface ApiKeyIdentity {
  keyId: string;
  accountId: string;
  userId: string;
  scope: ApiKeyScope;
  token: string;
  expiresAtMs: number;
}

/** Asks svc-auth about a secret; throws an `HttpError` (401 for an unknown or revoked key). */
export type AskAboutKey = (secret: string) => Promise<ApiKeyIdentity>;

export interface ApiKeyCacheOptions {
  ask: AskAboutKey;
  /** How long an answer is used before svc-auth is asked again (which also records the use). */
  recheckMs?: number;
  /** A token is not forwarded in its last this-many ms (a slow call must not outlive it). */
  tokenMarginMs?: number;
  /** Keys (and refusals) remembered at once; the oldest is forgotten to make room. */
  maxEntries?: number;
  /** While svc-auth cannot be asked, how often a known key is asked about again. */
  retryMs?: number;
  now?: () => number;
}

type Entry =
  | { ok: true; identity: ApiKeyIdentity; checkedAtMs: number }
  | { ok: false; refusal: HttpError; checkedAtMs: number };

/**
 * The gateway's memory of API keys, keyed by the sha256 of the secret (the secret itself is never
 * kept). A key is asked of svc-auth once, then its answer is used for `recheckMs` (a minute): one
 * NATS request per key per minute per gateway, which is also how svc-auth learns the key's last
 * use. A revocation (`forgetKey`, from the NATS event) or a password change (`forgetUser`) drops it
 * at once. Refusals are remembered for the same minute: a secret that is unknown or revoked never
 * becomes valid, and a caller retrying a bad key must not cost a database lookup each time. When
 * svc-auth cannot be asked (NATS or svc-auth down), a key already known keeps working while its
 * token is valid; an unknown one gets 503.
 */
export function apiKeyCache({
  ask,
  recheckMs = 60_000,
  tokenMarginMs = 30_000,
  maxEntries = 10_000,
  retryMs = 5_000,
  now = Date.now,
}: ApiKeyCacheOptions) {
  const entries = new Map<string, Entry>();
  const asking = new Map<string, Promise<ApiKeyIdentity>>();

  const remember = (hash: string, entry: Entry) => {
    entries.delete(hash);
    if (entries.size >= maxEntries) {
      const first = entries.keys().next();
      if (!first.done) entries.delete(first.value);
    }
    entries.set(hash, entry);
  };

  const usable = (identity: ApiKeyIdentity) => identity.expiresAtMs - tokenMarginMs > now();

  async function askAndRemember(hash: string, secret: string, known?: ApiKeyIdentity) {
    try {
      const identity = await ask(secret);
      remember(hash, { ok: true, identity, checkedAtMs: now() });
      return identity;
    } catch (error) {
      const refusal = error instanceof HttpError && error.status === 401 ? error : undefined;
      if (refusal) {
        remember(hash, { ok: false, refusal, checkedAtMs: now() });
        throw refusal;
      }
      if (known && usable(known)) {
        // Asked again in a few seconds, not on every call (each would wait for the failure).
        remember(hash, { ok: true, identity: known, checkedAtMs: now() - recheckMs + retryMs });
        return known;
      }
      throw new HttpError(503, apiKeyMessages.unavailable);
    }
  }

  return {
    /** The identity of a well-formed secret, from memory or from svc-auth. */
    async identify(secret: string): Promise<ApiKeyIdentity> {
      const hash = createHash('sha256').update(secret).digest('hex');
      const entry = entries.get(hash);
      const fresh = entry && now() - entry.checkedAtMs < recheckMs;
      if (entry && fresh) {
        if (!entry.ok) throw entry.refusal;
        if (usable(entry.identity)) return entry.identity;
      }
      let pending = asking.get(hash);
      if (!pending) {
        pending = askAndRemember(hash, secret, entry?.ok ? entry.identity : undefined).finally(() =>
          asking.delete(hash),
        );
        asking.set(hash, pending);
      }
      return pending;
    },
    /** A key was revoked: its next call is asked of svc-auth (and refused). */
    forgetKey(keyId: string) {
      for (const [hash, entry] of entries)
        if (entry.ok && entry.identity.keyId === keyId) entries.delete(hash);
    },
    /** A seller's tokens were revoked (a password change): their keys get tokens issued after it. */
    forgetUser(userId: string) {
      for (const [hash, entry] of entries)
        if (entry.ok && entry.identity.userId === userId) entries.delete(hash);
    },
    /** Events may have been missed (NATS was away): ask again about every key. */
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type ApiKeyCache = ReturnType<typeof apiKeyCache>;

/** The header a caller's key came in, if any: `X-Api-Key`, or `Authorization: Bearer onv_…`. */
export function apiKeyCredentialOf(ctx: Pick<Context, 'get'>): string | undefined {
  const header = ctx.get('x-api-key').trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
  return bearer && looksLikeApiKey(bearer) ? bearer : undefined;
}

export interface ApiKeyGate {
  /**
   * For a call made with a key: 401 for a malformed, unknown or revoked key, 403 for a route the
   * key may not call, 429 over the key's limit; otherwise the call goes on with the key's token in
   * `Authorization` (the key itself is not passed on) and the key's id on the request's log lines.
   * A call without a key passes untouched.
   */
  admit(ctx: Context, route: RouteContract): Promise<void>;
}

/** The gateway's API key check, in front of every `/api` and `/auth` route. */
export function apiKeyGate(
  cache: Pick<ApiKeyCache, 'identify'> | undefined,
  limit: { counter: WindowCounter },
): ApiKeyGate {
  return {
    async admit(ctx, route) {
      // Which of two credentials the call is made with would be a guess (a key once overrode the
      // session token beside it, silently).
      if (ctx.get('x-api-key').trim() && ctx.get('authorization').trim()) {
        throw new HttpError(400, apiKeyMessages.twoCredentials);
      }
      const secret = apiKeyCredentialOf(ctx);
      if (secret === undefined) return;
      if (!isApiKeySecret(secret)) throw new HttpError(401, apiKeyMessages.invalid);
      // A gateway without NATS cannot ask svc-auth nor hear revocations: it takes no key.
      if (!cache) throw new HttpError(503, apiKeyMessages.unavailable);
      const identity = await cache.identify(secret);
      const log = (ctx.state.log as Logger).child({ apiKeyId: identity.keyId });
      ctx.state.log = log;
      const may = apiKeyMayCall(route, identity.scope);
      if (may === 'route') throw new HttpError(403, apiKeyMessages.routeNotAllowed);
      if (may === 'scope') throw new HttpError(403, apiKeyMessages.readOnly);
      const { allowed, retryAfterSeconds } = await limit.counter.hit(
        `api-key:${identity.keyId}`,
        log,
      );
      if (!allowed) {
        ctx.set('Retry-After', String(retryAfterSeconds));
        throw new HttpError(429, apiKeyMessages.rateLimited(retryAfterSeconds));
      }
      delete ctx.req.headers['x-api-key'];
      ctx.req.headers.authorization = `Bearer ${identity.token}`;
    },
  };
}

/**
 * The key cache of a gateway connected to NATS: asks svc-auth with `auth.authenticateApiKey`, and
 * follows `auth.user.api-key-revoked` and `auth.user.tokens-revoked` as they are published (plain
 * subscriptions: a gateway keeps nothing across restarts, so it has nothing to replay). While NATS
 * is away it may miss one, so on reconnecting it forgets every key; and every answer is asked
 * again after a minute anyway.
 */
export function followedApiKeyCache(
  nats: NatsConnection,
  log: Logger,
  options: Omit<ApiKeyCacheOptions, 'ask'> = {},
) {
  const cache = apiKeyCache({
    ...options,
    ask: async (secret) => {
      try {
        return await requestCommand(nats, authenticateApiKey, { secret }, 3_000);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        log.warn({ err: error }, 'svc-auth could not be asked about an API key');
        throw new HttpError(503, apiKeyMessages.unavailable);
      }
    },
  });
  const subscriptions = [
    nats.subscribe(apiKeyRevoked.subject, {
      callback: (error, message) => {
        if (error) return;
        const parsed = apiKeyRevoked.payload.safeParse(message.json());
        if (parsed.success) {
          cache.forgetKey(parsed.data.keyId);
          log.info({ apiKeyId: parsed.data.keyId }, 'API key revoked');
        }
      },
    }),
    nats.subscribe(userTokensRevoked.subject, {
      callback: (error, message) => {
        if (error) return;
        const parsed = userTokensRevoked.payload.safeParse(message.json());
        if (parsed.success) cache.forgetUser(parsed.data.userId);
      },
    }),
  ];
  void (async () => {
    for await (const status of nats.status()) {
      if (status.type === 'reconnect') cache.clear();
    }
  })().catch(() => {});
  return {
    cache,
    stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
    },
  };
}
