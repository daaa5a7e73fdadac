import type { Context, Next } from 'koa';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import {
  tokenAudience,
  tokenClaims,
  tokenIssuer,
  type Access,
  type AuthContext,
} from '@onvelope/contracts';
import { forbidden, unauthorized } from './errors.js';

// Spec 000 §6 and §8 give the words sellers see for token problems.
export const authMessages = {
  missing: 'NO AUTHENTICATION TOKEN - Please go to /login and sign in with your account',
  expired: 'TOKEN EXPIRED - Please go to /login and sign in again',
  invalid: 'INVALID TOKEN - Please go to /login and sign in again',
  wrongRole: 'This call is not available to your kind of account',
} as const;

export type TokenVerifier = (token: string) => Promise<AuthContext>;

/**
 * Verifies tokens signed by svc-auth against its JWKS. jose caches the key set and refetches it
 * (at most once per cooldown) when a token names an unknown `kid`, so key rotation needs no restart.
 */
export function createJwksVerifier(jwksUrl: string): TokenVerifier {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(jwksUrl), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
  });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: tokenIssuer,
        audience: tokenAudience,
      });
      const claims = tokenClaims.parse(payload);
      return { userId: claims.userId, accountId: claims.accountId, role: claims.role };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized(authMessages.expired);
      throw unauthorized(authMessages.invalid);
    }
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
 */
export function authenticate(access: Access, verify: TokenVerifier) {
  return async (ctx: Context, next: Next) => {
    if (access === 'public') return next();
    const token = bearerToken(ctx);
    if (!token) throw unauthorized(authMessages.missing);
    const auth = await verify(token);
    if (auth.role !== access) throw forbidden(authMessages.wrongRole);
    ctx.state.auth = auth;
    await next();
  };
}

/** The caller of an authenticated route. */
export function callerOf(ctx: Context): AuthContext {
  const auth = ctx.state.auth as AuthContext | undefined;
  if (!auth) throw unauthorized(authMessages.missing);
  return auth;
}
