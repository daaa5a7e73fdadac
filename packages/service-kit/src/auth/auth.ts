import type { Context, Next } from 'koa';
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type CryptoKey,
  type JWTVerifyGetKey,
} from 'jose';
import { z } from 'zod';
import {
  tokenAudience,
  tokenClaims,
  tokenIssuer,
  type Access,
  type AuthContext,
} from '@onvelope/contracts';
import { forbidden, HttpError, unauthorized } from '../errors/errors.js';
import type { Logger } from '../observability/logger.js';

// Spec 000 §6 and §8 give the words sellers see for token problems.
export const authMessages = {
  missing: 'NO AUTHENTICATION TOKEN - Please go to /login and sign in with your account',
  expired: 'TOKEN EXPIRED - Please go to /login and sign in again',
  invalid: 'INVALID TOKEN - Please go to /login and sign in again',
  wrongRole: 'This call is not available to your kind of account',
} as const;

/**
 * A verified token: who it is for, when it was issued (to honour revocations) and when it expires,
 * both in ms.
 */
export interface VerifiedToken extends AuthContext {
  issuedAtMs: number;
  expiresAtMs: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Turns a verified JWT payload into the caller, or refuses it with the spec's words. */
export function claimsOf(payload: unknown): VerifiedToken {
  const parsed = tokenClaims.extend({ iat: z.number().int() }).safeParse(payload);
  if (!parsed.success) throw unauthorized(authMessages.invalid);
  const { userId, accountId, role, iat, iatMs, exp, apiKeyId } = parsed.data;
  return {
    userId,
    accountId,
    role,
    ...(apiKeyId ? { apiKeyId } : {}),
    issuedAtMs: iatMs ?? iat * 1000,
    expiresAtMs: exp * 1000,
  };
}

/** Maps a jose verification failure to the spec's words. */
export function verificationFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return unauthorized(
    error instanceof joseErrors.JWTExpired ? authMessages.expired : authMessages.invalid,
  );
}

/**
 * Verifies tokens with a key (svc-auth, which holds it) or a key set (everyone else): signature,
 * issuer, audience, expiry and claims.
 */
export function createKeyVerifier(key: CryptoKey | JWTVerifyGetKey): TokenVerifier {
  return async (token) => {
    try {
      const { payload } =
        typeof key === 'function'
          ? await jwtVerify(token, key, { issuer: tokenIssuer, audience: tokenAudience })
          : await jwtVerify(token, key, { issuer: tokenIssuer, audience: tokenAudience });
      return claimsOf(payload);
    } catch (error) {
      throw verificationFailure(error);
    }
  };
}

// The longest a key svc-auth withdrew is still honoured (svc-auth README, key rotation): the key
// set is fetched again after half of it, and a token verified just before is remembered for the
// other half.
const withdrawnKeyHonouredMs = 10 * 60_000;

/**
 * Verifies tokens signed by svc-auth against its JWKS. jose caches the key set and refetches it
 * (at most once per cooldown) when a token names an unknown `kid`, so key rotation needs no restart.
 * Tokens already verified are remembered (`rememberingVerifiedTokens`).
 */
export function createJwksVerifier(jwksUrl: string): TokenVerifier {
  return rememberingVerifiedTokens(
    createKeyVerifier(
      createRemoteJWKSet(new URL(jwksUrl), {
        cacheMaxAge: withdrawnKeyHonouredMs / 2,
        cooldownDuration: 30_000,
      }),
    ),
    { trustForMs: withdrawnKeyHonouredMs / 2 },
  );
}

export interface RememberedTokenOptions {
  /** How long a verification is reused at most, even when the token lives longer. */
  trustForMs: number;
  /** Tokens remembered at once; the one remembered first is forgotten to make room. */
  maxTokens?: number;
  now?: () => number;
}

/**
 * Remembers the tokens `verify` accepted, so a caller's next calls skip the signature: checking an
 * ES256 signature costs 0.7-1 ms of CPU on the 2-core machine, as much as a seller's summary query
 * (issue 18). A remembered token is answered until it expires, as jose would; after that, or after
 * `trustForMs`, `verify` checks it again. Failures are never remembered, and revocations are
 * checked outside (`honouringRevocations`), on every call.
 */
export function rememberingVerifiedTokens(
  verify: TokenVerifier,
  { trustForMs, maxTokens = 5_000, now = Date.now }: RememberedTokenOptions,
): TokenVerifier {
  const remembered = new Map<string, { verified: VerifiedToken; untilMs: number }>();
  return async (token) => {
    const known = remembered.get(token);
    if (known && now() < known.untilMs) return known.verified;
    remembered.delete(token);
    const verified = Object.freeze(await verify(token));
    if (remembered.size >= maxTokens) {
      const first = remembered.keys().next();
      if (!first.done) remembered.delete(first.value);
    }
    remembered.set(token, {
      verified,
      untilMs: Math.min(verified.expiresAtMs, now() + trustForMs),
    });
    return verified;
  };
}

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Puts `{ userId, accountId, role }` on `ctx.state.auth` for merchant and customer routes; public
 * routes pass. 401 for a missing, malformed or expired token, 403 for the other kind of account.
 * A call made with a seller's API key (the gateway forwards it with a token carrying `apiKeyId`)
 * also has `apiKeyId` there and on every log line of the request.
 */
export function authenticate(access: Access, verify: TokenVerifier) {
  return async (ctx: Context, next: Next) => {
    if (access === 'public') return next();
    const token = bearerToken(ctx);
    if (!token) throw unauthorized(authMessages.missing);
    const { userId, accountId, role, apiKeyId } = await verify(token);
    if (role !== access) throw forbidden(authMessages.wrongRole);
    ctx.state.auth = {
      userId,
      accountId,
      role,
      ...(apiKeyId ? { apiKeyId } : {}),
    } satisfies AuthContext;
    if (apiKeyId && ctx.state.log) ctx.state.log = (ctx.state.log as Logger).child({ apiKeyId });
    await next();
  };
}

/** Refuses tokens issued before their user's latest revocation (see `revocations.ts`). */
export function honouringRevocations(
  verify: TokenVerifier,
  notBeforeMs: (userId: string) => number | undefined,
): TokenVerifier {
  return async (token) => {
    const verified = await verify(token);
    const cutoff = notBeforeMs(verified.userId);
    if (cutoff !== undefined && verified.issuedAtMs < cutoff)
      throw unauthorized(authMessages.expired);
    return verified;
  };
}

/** The caller of an authenticated route. */
export function callerOf(ctx: Context): AuthContext {
  const auth = ctx.state.auth as AuthContext | undefined;
  if (!auth) throw unauthorized(authMessages.missing);
  return auth;
}
