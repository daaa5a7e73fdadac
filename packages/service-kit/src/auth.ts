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
import { forbidden, HttpError, unauthorized } from './errors.js';

// Spec 000 §6 and §8 give the words sellers see for token problems.
export const authMessages = {
  missing: 'NO AUTHENTICATION TOKEN - Please go to /login and sign in with your account',
  expired: 'TOKEN EXPIRED - Please go to /login and sign in again',
  invalid: 'INVALID TOKEN - Please go to /login and sign in again',
  wrongRole: 'This call is not available to your kind of account',
} as const;

/** A verified token: who it is for, and when it was issued, in ms (to honour revocations). */
export interface VerifiedToken extends AuthContext {
  issuedAtMs: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** Turns a verified JWT payload into the caller, or refuses it with the spec's words. */
export function claimsOf(payload: unknown): VerifiedToken {
  const parsed = tokenClaims.extend({ iat: z.number().int() }).safeParse(payload);
  if (!parsed.success) throw unauthorized(authMessages.invalid);
  const { userId, accountId, role, iat, iatMs } = parsed.data;
  return { userId, accountId, role, issuedAtMs: iatMs ?? iat * 1000 };
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

/**
 * Verifies tokens signed by svc-auth against its JWKS. jose caches the key set and refetches it
 * (at most once per cooldown) when a token names an unknown `kid`, so key rotation needs no restart.
 */
export function createJwksVerifier(jwksUrl: string): TokenVerifier {
  return createKeyVerifier(
    createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 }),
  );
}

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Puts `{ userId, accountId, role }` on `ctx.state.auth` for merchant and customer routes; public
 * routes pass. 401 for a missing, malformed or expired token, 403 for the other kind of account.
 */
export function authenticate(access: Access, verify: TokenVerifier) {
  return async (ctx: Context, next: Next) => {
    if (access === 'public') return next();
    const token = bearerToken(ctx);
    if (!token) throw unauthorized(authMessages.missing);
    const { userId, accountId, role } = await verify(token);
    if (role !== access) throw forbidden(authMessages.wrongRole);
    ctx.state.auth = { userId, accountId, role } satisfies AuthContext;
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
