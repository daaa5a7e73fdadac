/**
 * Claims the client reads from a signed-in token. Signature checks belong to the server; the client
 * only reads the payload to know who is signed in and when the token runs out (spec 001 §6).
 */
export interface TokenPayload {
  exp: number;
  userId?: string;
  accountId?: string;
  role?: string;
  [claim: string]: unknown;
}

/** spec 001 §9: a token this close to expiry only logs a warning. */
export const tokenExpiryWarningSeconds = 300;

export type TokenState =
  | { kind: 'valid'; payload: TokenPayload; secondsLeft: number }
  | { kind: 'expiring'; payload: TokenPayload; secondsLeft: number }
  | { kind: 'expired'; payload: TokenPayload }
  | { kind: 'malformed' };

/**
 * Reads the payload of a JWT (base64url JSON in the second segment) without verifying it.
 * Returns null when the token is not a three-part JWT with a JSON object payload and a numeric `exp`:
 * without an expiry the client cannot tell whether the session is still good.
 *
 * @example decodeTokenPayload(localStorage.getItem('authToken') ?? '')?.accountId
 */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const parts = token.split('.');
  // The signature may be empty (an unsecured JWT); the client never checks it anyway.
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const json = decodeBase64Url(parts[1] ?? '');
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const claims = payload as Record<string, unknown>;
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  return {
    ...claims,
    exp: claims.exp,
    userId: optionalString(claims.userId),
    accountId: optionalString(claims.accountId),
    role: optionalString(claims.role),
  };
}

/** Classifies a stored token at `nowSeconds` (Unix seconds). */
export function tokenState(token: string, nowSeconds: number): TokenState {
  const payload = decodeTokenPayload(token);
  if (!payload) return { kind: 'malformed' };
  const secondsLeft = payload.exp - nowSeconds;
  if (secondsLeft <= 0) return { kind: 'expired', payload };
  if (secondsLeft <= tokenExpiryWarningSeconds) return { kind: 'expiring', payload, secondsLeft };
  return { kind: 'valid', payload, secondsLeft };
}

/** The current time in Unix seconds, the unit of a token's `exp`. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
