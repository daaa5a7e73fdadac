import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, tokenState } from './token.js';

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function jwt(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2ln`;
}

const now = 1_800_000_000;

describe('decodeTokenPayload', () => {
  it('reads the claims of a JWT payload without verifying the signature', () => {
    const payload = decodeTokenPayload(
      jwt({ userId: 'u1', accountId: 'a1', role: 'merchant', exp: now + 3600 }),
    );
    expect(payload).toMatchObject({
      userId: 'u1',
      accountId: 'a1',
      role: 'merchant',
      exp: now + 3600,
    });
  });

  it('decodes base64url payloads that use - and _ and carry UTF-8 text', () => {
    const token = jwt({ exp: now, name: 'Zoë ~~~ ??? >>>' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeTokenPayload(token)?.name).toBe('Zoë ~~~ ??? >>>');
  });

  it('accepts an unsecured token whose signature segment is empty', () => {
    expect(decodeTokenPayload(jwt({ exp: now }).replace(/c2ln$/, ''))?.exp).toBe(now);
  });

  it.each([
    ['an empty string', ''],
    ['two segments', 'a.b'],
    ['an empty payload segment', 'a..c'],
    ['a payload that is not base64url', 'a.b+c/.d'],
    ['a payload that is not JSON', `a.${base64Url('not json')}.c`],
    ['a payload that is a JSON array', `a.${base64Url('[1]')}.c`],
    ['a payload without a numeric exp', jwt({ userId: 'u1', exp: 'tomorrow' })],
  ])('rejects %s as malformed', (_label, token) => {
    expect(decodeTokenPayload(token)).toBeNull();
  });
});

describe('tokenState', () => {
  it('calls a token valid when it expires more than 300 seconds from now', () => {
    expect(tokenState(jwt({ exp: now + 301 }), now)).toMatchObject({
      kind: 'valid',
      secondsLeft: 301,
    });
  });

  it('calls a token expiring when 300 seconds or fewer remain', () => {
    expect(tokenState(jwt({ exp: now + 300 }), now)).toMatchObject({
      kind: 'expiring',
      secondsLeft: 300,
    });
  });

  it('calls a token expired once its exp is reached', () => {
    expect(tokenState(jwt({ exp: now }), now).kind).toBe('expired');
  });

  it('calls a token that cannot be decoded malformed', () => {
    expect(tokenState('garbage', now).kind).toBe('malformed');
  });
});
