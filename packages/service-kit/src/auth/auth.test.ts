import { describe, expect, it } from 'vitest';
import { authMessages, rememberingVerifiedTokens, type VerifiedToken } from './auth.js';
import { unauthorized } from '../errors/errors.js';

const minute = 60_000;

/** A verifier that accepts tokens named `good-*` for an hour from t=0 and counts its calls. */
function countingVerifier(clock: { now: number }) {
  const calls: string[] = [];
  const verify = (token: string): Promise<VerifiedToken> => {
    calls.push(token);
    if (!token.startsWith('good-') || clock.now >= 60 * minute) {
      return Promise.reject(unauthorized(authMessages.expired));
    }
    return Promise.resolve({
      userId: `user-${token}`,
      accountId: 'a1',
      role: 'merchant',
      issuedAtMs: 0,
      expiresAtMs: 60 * minute,
    });
  };
  return { verify, calls };
}

describe('rememberingVerifiedTokens', () => {
  const setUp = (maxTokens?: number) => {
    const clock = { now: 0 };
    const { verify, calls } = countingVerifier(clock);
    const remembering = rememberingVerifiedTokens(verify, {
      trustForMs: 5 * minute,
      maxTokens,
      now: () => clock.now,
    });
    return { clock, calls, remembering };
  };

  it('checks a token once and answers its later calls from memory', async () => {
    const { calls, remembering } = setUp();
    const first = await remembering('good-1');
    const second = await remembering('good-1');
    expect(second).toEqual(first);
    expect(first.userId).toBe('user-good-1');
    expect(calls).toEqual(['good-1']);
  });

  it('checks the token again once its trust has run out', async () => {
    const { clock, calls, remembering } = setUp();
    await remembering('good-1');
    clock.now = 5 * minute - 1;
    await remembering('good-1');
    expect(calls).toHaveLength(1);
    clock.now = 5 * minute;
    await remembering('good-1');
    expect(calls).toHaveLength(2);
  });

  it('refuses a remembered token once it has expired, as the verifier does', async () => {
    const { clock, calls, remembering } = setUp();
    clock.now = 58 * minute;
    await remembering('good-1');
    clock.now = 60 * minute;
    await expect(remembering('good-1')).rejects.toMatchObject({
      status: 401,
      message: authMessages.expired,
    });
    expect(calls).toEqual(['good-1', 'good-1']);
  });

  it('never remembers a refusal', async () => {
    const { calls, remembering } = setUp();
    await expect(remembering('forged')).rejects.toMatchObject({ status: 401 });
    await expect(remembering('forged')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual(['forged', 'forged']);
  });

  it('keeps at most maxTokens, forgetting the one remembered first', async () => {
    const { calls, remembering } = setUp(2);
    await remembering('good-1');
    await remembering('good-2');
    await remembering('good-3');
    await remembering('good-3');
    await remembering('good-2');
    expect(calls).toEqual(['good-1', 'good-2', 'good-3']);
    await remembering('good-1');
    expect(calls).toEqual(['good-1', 'good-2', 'good-3', 'good-1']);
  });

  it('hands out answers nobody can change for the next caller', async () => {
    const { remembering } = setUp();
    const first = await remembering('good-1');
    expect(() => Object.assign(first, { accountId: 'a2' })).toThrow(TypeError);
    expect((await remembering('good-1')).accountId).toBe('a1');
  });
});
