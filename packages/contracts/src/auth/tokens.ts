import { z } from 'zod';

/** Account kinds. Sellers hold `merchant` tokens (authToken), buyers `customer` tokens (customerAuthToken). */
export const roles = ['merchant', 'customer'] as const;
export type Role = (typeof roles)[number];

/** Claims every token signed by svc-auth carries (spec 000 §3: userId, role, expiry; plus the tenant). */
export const tokenClaims = z.object({
  userId: z.string().min(1),
  accountId: z.string().min(1),
  role: z.enum(roles),
  exp: z.number().int(),
  /**
   * When the token was issued, in milliseconds: the standard `iat` has whole seconds, too coarse to
   * tell a token from a password change made in the same second. Absent from tokens of other
   * issuers (tests), whose `iat` then counts.
   */
  iatMs: z.number().int().positive().optional(),
  /**
   * Set on the short-lived tokens svc-auth mints for a seller's API key (the gateway forwards a
   * key's calls with one): which key is calling, for the services' logs.
   */
  apiKeyId: z.string().min(1).optional(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

/** What the service kit puts on each authenticated request. */
export type AuthContext = Pick<TokenClaims, 'userId' | 'accountId' | 'role' | 'apiKeyId'>;

export const jwk = z.looseObject({ kty: z.string(), kid: z.string(), alg: z.string().optional() });
export const jwksResponse = z.object({ keys: z.array(jwk) });

/**
 * How long a token lives: a working day, so a seller signs in once a day, and a revocation (a
 * password change) needs to be remembered for no longer than this.
 */
export const tokenLifetimeSeconds = 12 * 60 * 60;

/** The issuer and audience every service checks. */
export const tokenIssuer = 'onvelope-auth';
export const tokenAudience = 'onvelope';
