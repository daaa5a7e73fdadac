import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed tracking links (beyond the spec): a token naming one order of one seller, signed with
 * HMAC-SHA256 under the seller's own secret. No expiry: a new secret ends every earlier link.
 * Form: `<base64url accountId>.<entryId>.<base64url signature>`.
 */
export interface TrackingLinkClaims {
  accountId: string;
  entryId: string;
}

const signatureOf = (secret: string, { accountId, entryId }: TrackingLinkClaims) =>
  // JSON keeps the two values apart whatever characters they hold.
  createHmac('sha256', secret)
    .update(JSON.stringify([accountId, entryId]))
    .digest();

export function signTrackingLink(secret: string, claims: TrackingLinkClaims): string {
  return [
    Buffer.from(claims.accountId).toString('base64url'),
    claims.entryId,
    signatureOf(secret, claims).toString('base64url'),
  ].join('.');
}

/** What a token says, before its signature is checked (null when it is not a token at all). */
export function readTrackingLink(
  token: string,
): (TrackingLinkClaims & { signature: Buffer }) | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [account, entryId, signature] = parts as [string, string, string];
  const accountId = Buffer.from(account, 'base64url').toString('utf8');
  if (!accountId || !/^[0-9a-f]{24}$/.test(entryId) || !signature) return null;
  return { accountId, entryId, signature: Buffer.from(signature, 'base64url') };
}

/** Whether the token was signed with this secret (constant-time comparison). */
export function trackingLinkIsGenuine(
  secret: string,
  read: TrackingLinkClaims & { signature: Buffer },
): boolean {
  const expected = signatureOf(secret, read);
  return expected.length === read.signature.length && timingSafeEqual(expected, read.signature);
}

export const trackingPageUrl = (publicSiteUrl: string, token: string) =>
  `${publicSiteUrl.replace(/\/+$/, '')}/track?link=${encodeURIComponent(token)}`;
