import { createHmac, timingSafeEqual } from 'node:crypto';

/** Whose mails a token stops, and to which address. */
export interface UnsubscribeClaims {
  accountId: string;
  email: string;
}

const signatureOf = (secret: string, claims: UnsubscribeClaims) =>
  // JSON keeps the two values apart whatever characters they hold.
  createHmac('sha256', secret)
    .update(JSON.stringify(['unsubscribe', claims.accountId, claims.email.toLowerCase()]))
    .digest();

/**
 * A token naming one seller account and one buyer address, signed with HMAC-SHA256. No expiry
 * (an unsubscribe link must work as long as the mail is kept); a new secret ends every link.
 * Form: `<base64url JSON [accountId, email]>.<base64url signature>`.
 */
export function signUnsubscribeToken(secret: string, claims: UnsubscribeClaims): string {
  const body = Buffer.from(JSON.stringify([claims.accountId, claims.email.toLowerCase()]));
  return `${body.toString('base64url')}.${signatureOf(secret, claims).toString('base64url')}`;
}

/** The claims of a genuine token, or null for anything else (tampered, truncated, not a token). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length) return null;
  let claims: UnsubscribeClaims;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 2 ||
      typeof parsed[0] !== 'string' ||
      typeof parsed[1] !== 'string' ||
      !parsed[0] ||
      !parsed[1]
    ) {
      return null;
    }
    claims = { accountId: parsed[0], email: parsed[1] };
  } catch {
    return null;
  }
  const expected = signatureOf(secret, claims);
  const given = Buffer.from(signature, 'base64url');
  return expected.length === given.length && timingSafeEqual(expected, given) ? claims : null;
}
