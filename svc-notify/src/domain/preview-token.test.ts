import { describe, expect, it } from 'vitest';
import { signPreviewToken, verifyPreviewToken } from './preview-token.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

const secret = 'a-secret-of-at-least-16';
const now = new Date('2026-11-28T12:00:00Z');
const claims = {
  accountId: 'acc-1',
  milestone: 'problem' as const,
  problem: 'returned' as const,
  expiresAt: new Date(now.getTime() + 600_000),
};

describe('preview tokens', () => {
  it('opens the preview it was made for until it expires', () => {
    const token = signPreviewToken(secret, claims);
    expect(verifyPreviewToken(secret, token, now)).toEqual(claims);
    expect(verifyPreviewToken(secret, token, claims.expiresAt)).toBeNull();
  });

  it('refuses a token changed, signed with another secret, or made for unsubscribing', () => {
    const token = signPreviewToken(secret, claims);
    const [body, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify(['acc-2', 'problem', 'returned', claims.expiresAt.getTime()]),
    ).toString('base64url');
    expect(verifyPreviewToken(secret, `${other}.${signature}`, now)).toBeNull();
    expect(verifyPreviewToken(secret, `${body}.${signature}x`, now)).toBeNull();
    expect(verifyPreviewToken('another-secret-16+', token, now)).toBeNull();
    const unsubscribe = signUnsubscribeToken(secret, { accountId: 'acc-1', email: 'a@b.example' });
    expect(verifyPreviewToken(secret, unsubscribe, now)).toBeNull();
    expect(verifyPreviewToken(secret, 'not-a-token', now)).toBeNull();
  });
});
