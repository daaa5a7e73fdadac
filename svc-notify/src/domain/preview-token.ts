import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  notificationMilestones,
  problemKinds,
  type NotificationMilestone,
  type ProblemKind,
} from '@onvelope/contracts';

/** Which seller's preview of which message a token opens, and until when. */
export interface PreviewClaims {
  accountId: string;
  milestone: NotificationMilestone;
  problem: ProblemKind | null;
  expiresAt: Date;
}

const signatureOf = (secret: string, body: string) =>
  // The label keeps a preview signature from ever being taken for an unsubscribe one (same secret).
  createHmac('sha256', secret).update(`notify-preview\n${body}`).digest();

/**
 * A token for the preview page: `<base64url JSON [accountId, milestone, problem, expiry ms]>.<base64url
 * HMAC-SHA256>`. Short-lived: it stands in for the seller's bearer token, which a frame cannot send.
 */
export function signPreviewToken(secret: string, claims: PreviewClaims): string {
  const body = Buffer.from(
    JSON.stringify([
      claims.accountId,
      claims.milestone,
      claims.problem,
      claims.expiresAt.getTime(),
    ]),
  ).toString('base64url');
  return `${body}.${signatureOf(secret, body).toString('base64url')}`;
}

const isMilestone = (value: unknown): value is NotificationMilestone =>
  notificationMilestones.some((milestone) => milestone === value);
const isProblem = (value: unknown): value is ProblemKind =>
  problemKinds.some((problem) => problem === value);

/** The claims of a genuine token still in time, or null (tampered, expired, not a token). */
export function verifyPreviewToken(secret: string, token: string, now: Date): PreviewClaims | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length) return null;
  const expected = signatureOf(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [accountId, milestone, problem, expiresAt] = parsed as unknown[];
  if (typeof accountId !== 'string' || !accountId || !isMilestone(milestone)) return null;
  if (problem !== null && !isProblem(problem)) return null;
  if (typeof expiresAt !== 'number' || expiresAt <= now.getTime()) return null;
  return { accountId, milestone, problem, expiresAt: new Date(expiresAt) };
}
