import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const secret = 'a-secret-of-sixteen-plus';

describe('unsubscribe tokens', () => {
  it('name the account and the address (lower case), and verify with the same secret only', () => {
    const token = signUnsubscribeToken(secret, { accountId: 'acct-1', email: 'Ann@Example.com' });
    expect(verifyUnsubscribeToken(secret, token)).toEqual({
      accountId: 'acct-1',
      email: 'ann@example.com',
    });
    expect(verifyUnsubscribeToken('another-secret-entirely', token)).toBeNull();
  });

  it('refuses a token whose account or address was changed, or that is not a token', () => {
    const token = signUnsubscribeToken(secret, { accountId: 'acct-1', email: 'ann@example.com' });
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['acct-2', 'ann@example.com'])).toString('base64url')}.${signature}`;
    expect(verifyUnsubscribeToken(secret, forged)).toBeNull();
    for (const junk of ['', 'abc', 'a.b.c', `${token}x`, '.', 'e30.AAAA']) {
      expect(verifyUnsubscribeToken(secret, junk)).toBeNull();
    }
  });
});
