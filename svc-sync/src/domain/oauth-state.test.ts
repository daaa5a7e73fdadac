import { describe, expect, it } from 'vitest';
import { signState, verifyState } from './oauth-state.js';

describe('OAuth state', () => {
  const secret = 'a-state-secret-of-some-length';
  const subject = { accountId: 'acct-1', userId: 'user-1' };
  const now = 1_700_000_000_000;

  it('names the seller it was made for until it expires', () => {
    const state = signState(secret, subject, now + 60_000);
    expect(verifyState(secret, state, now)).toEqual({ ok: true, subject });
    expect(verifyState(secret, state, now + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a state signed with another secret, altered, or missing', () => {
    const state = signState(secret, subject, now + 60_000);
    expect(verifyState('another-secret-entirely', state, now)).toEqual({
      ok: false,
      reason: 'forged',
    });
    const [payload, mac] = state.split('.');
    const altered = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace('acct-1', 'acct-2'),
    ).toString('base64url');
    expect(verifyState(secret, `${altered}.${mac}`, now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyState(secret, undefined, now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyState(secret, 'garbage', now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('gives each link its own nonce', () => {
    expect(signState(secret, subject, now)).not.toBe(signState(secret, subject, now));
  });
});
