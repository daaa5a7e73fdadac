import { describe, expect, it } from 'vitest';
import { isComplaint, parseFeedbackReport, unsubscribeClaimsInText } from './feedback-report.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

const secret = 'a-secret-of-at-least-16';

describe('feedback reports (RFC 5965 ARF)', () => {
  it('reads the type and the reporting software, folded or not, in any case', () => {
    const report = parseFeedbackReport(
      [
        'Feedback-Type: Abuse',
        'User-Agent: Yahoo!-Mail-Feedback/2.0',
        '  (folded)',
        'Version: 1',
        'Original-Rcpt-To: <redacted@mailbox.example>',
        '',
      ].join('\r\n'),
    );
    expect(report).toEqual({
      feedbackType: 'abuse',
      userAgent: 'Yahoo!-Mail-Feedback/2.0 (folded)',
    });
    expect(isComplaint(report!)).toBe(true);
  });

  it('takes only `abuse` as a complaint, and nothing without a type', () => {
    for (const type of ['not-spam', 'fraud', 'virus', 'auth-failure', 'other']) {
      expect(isComplaint(parseFeedbackReport(`Feedback-Type: ${type}\r\n`)!), type).toBe(false);
    }
    expect(parseFeedbackReport('User-Agent: x\r\nVersion: 1\r\n')).toBeNull();
    expect(parseFeedbackReport('Feedback-Type:\r\n')).toBeNull();
    expect(parseFeedbackReport('\u0000\u0001garbage')).toBeNull();
  });

  it('keeps control characters out of what the seller is shown', () => {
    expect(
      parseFeedbackReport('Feedback-Type: abuse\r\nUser-Agent: a\u0007\u001b[31mb\r\n')?.userAgent,
    ).toBe('a [31mb');
  });

  it('finds the seller and buyer of genuine unsubscribe links only', () => {
    const claims = { accountId: 'acct-1', email: 'ann@example.com' };
    const token = signUnsubscribeToken(secret, claims);
    const forged = signUnsubscribeToken('another-secret-16+', claims);
    const text = [
      `List-Unsubscribe: <https://shop.example/api/notify/unsubscribe/${token}>`,
      `X-Copy: https://shop.example/api/notify/unsubscribe/${token}`,
      `X-Forged: https://shop.example/api/notify/unsubscribe/${forged}`,
      'X-Changed: https://shop.example/api/notify/unsubscribe/e30.AAAA',
    ].join('\r\n');
    expect(unsubscribeClaimsInText(secret, text)).toEqual([claims]);
    expect(unsubscribeClaimsInText(secret, 'no links here')).toEqual([]);
  });
});
