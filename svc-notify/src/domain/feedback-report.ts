/**
 * RFC 5965 feedback reports (ARF): what a mailbox provider's feedback loop sends when its user
 * marks a message as spam. Pure: the intake hands it the `message/feedback-report` part's text and
 * the text of the report that quotes the original message.
 */

import { fieldGroupsOf, oneLine } from './report-fields.js';
import { verifyUnsubscribeToken, type UnsubscribeClaims } from './unsubscribe-token.js';

export interface FeedbackReport {
  /** Lower case: `abuse` (a user's "this is spam"), `fraud`, `virus`, `not-spam`, `other`, ... */
  feedbackType: string;
  /** The software that made the report (`Yahoo!-Mail-Feedback/2.0`), one line, when it says. */
  userAgent: string | null;
}

/** The fields of a `message/feedback-report` part; null without a `Feedback-Type`. */
export function parseFeedbackReport(text: string): FeedbackReport | null {
  // One group of fields; a stray blank line must not hide the type.
  const fields = new Map(fieldGroupsOf(text).flatMap((group) => [...group]));
  const feedbackType = fields.get('feedback-type')?.toLowerCase();
  if (!feedbackType) return null;
  const userAgent = fields.get('user-agent');
  return {
    feedbackType: oneLine(feedbackType, 40),
    userAgent: userAgent ? oneLine(userAgent, 100) || null : null,
  };
}

/**
 * Whether the report is a complaint: its user called the message spam. The other types (fraud,
 * virus, authentication failures, "not spam") say nothing about the buyer's wish.
 */
export const isComplaint = (report: FeedbackReport) => report.feedbackType === 'abuse';

const unsubscribeLink = /\/api\/notify\/unsubscribe\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g;

/**
 * The seller and buyer named by genuine unsubscribe links in a text: a complaint quotes the
 * original message's headers, `List-Unsubscribe` among them, so it still names the two when the
 * message is no longer kept. Forged or changed tokens are skipped.
 */
export function unsubscribeClaimsInText(secret: string, text: string): UnsubscribeClaims[] {
  const found = new Map<string, UnsubscribeClaims>();
  for (const [, token] of text.matchAll(unsubscribeLink)) {
    const claims = token === undefined ? null : verifyUnsubscribeToken(secret, token);
    if (claims) found.set(JSON.stringify([claims.accountId, claims.email]), claims);
  }
  return [...found.values()];
}
