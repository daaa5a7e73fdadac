import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verification codes, resends and password reset', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.stop());

  const signUp = async (email: string) => {
    const since = new Date();
    await h.call('POST', '/auth/signup', { email, password: 'secret1' });
    return h.codeSentTo(email, since);
  };

  it('refuses a wrong code with a clear message', async () => {
    const code = await signUp('wrong@example.com');
    const reply = await h.call('POST', '/auth/verify-code', {
      email: 'wrong@example.com',
      code: otherCode(code),
    });
    expect(reply).toEqual({ status: 400, body: { error: 'Invalid verification code' } });
  });

  it('answers a code for an unknown email like a wrong code', async () => {
    const reply = await h.call('POST', '/auth/verify-code', {
      email: 'ghost@example.com',
      code: '123456',
    });
    expect(reply).toEqual({ status: 400, body: { error: 'Invalid verification code' } });
  });

  it('refuses a code after 15 minutes as expired', async () => {
    const code = await signUp('late@example.com');
    h.advanceClock(15 * 60_000 + 1000);
    const reply = await h.call('POST', '/auth/verify-code', { email: 'late@example.com', code });
    expect(reply).toEqual({
      status: 400,
      body: { error: 'This code has expired. Please request a new one.' },
    });
  });

  it('accepts a code just before its 15 minutes are up', async () => {
    const code = await signUp('ontime@example.com');
    h.advanceClock(14 * 60_000);
    const reply = await h.call('POST', '/auth/verify-code', { email: 'ontime@example.com', code });
    expect(reply.status).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const code = await signUp('guesser@example.com');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await h.call('POST', '/auth/verify-code', {
        email: 'guesser@example.com',
        code: otherCode(code),
      });
      expect(wrong.status).toBe(400);
    }
    const right = await h.call('POST', '/auth/verify-code', { email: 'guesser@example.com', code });
    expect(right).toEqual({
      status: 429,
      body: { error: 'Too many attempts. Please request a new code.' },
    });
  });

  it('counts parallel guesses against the same 5 tries', async () => {
    const code = await signUp('racer@example.com');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.call('POST', '/auth/verify-code', { email: 'racer@example.com', code: otherCode(code) }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 400)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(3);
  });

  it('sends a new code after the cooldown, and the new code works where the dead one did not', async () => {
    const code = await signUp('retry@example.com');
    for (let i = 0; i < 5; i += 1) {
      await h.call('POST', '/auth/verify-code', {
        email: 'retry@example.com',
        code: otherCode(code),
      });
    }
    h.advanceClock(60_000);
    const since = new Date();
    const resent = await h.call('POST', '/auth/resend-code', { email: 'retry@example.com' });
    expect(resent).toEqual({
      status: 200,
      body: { message: 'A new verification code has been sent to your email.' },
    });
    const fresh = await h.codeSentTo('retry@example.com', since);
    const reply = await h.call('POST', '/auth/verify-code', {
      email: 'retry@example.com',
      code: fresh,
    });
    expect(reply.status).toBe(200);
  });

  it('refuses a resend within 60 seconds, saying how long to wait', async () => {
    await signUp('eager@example.com');
    h.advanceClock(20_000);
    const reply = await h.call('POST', '/auth/resend-code', { email: 'eager@example.com' });
    expect(reply.status).toBe(429);
    expect(reply.body.error).toMatch(
      /^Please wait (39|40) seconds before requesting a new code\.$/,
    );
  });

  it('answers a resend for an unknown or verified email the same way, sending nothing', async () => {
    await h.verifiedAccount('seller', 'done@example.com');
    const sent = h.mail.messages().length;
    const unknown = await h.call('POST', '/auth/resend-code', { email: 'ghost@example.com' });
    const verified = await h.call('POST', '/auth/resend-code', { email: 'done@example.com' });
    expect(unknown).toEqual(verified);
    expect(unknown.status).toBe(200);
    expect(h.mail.messages()).toHaveLength(sent);
  });

  it('answers forgot-password the same whether or not the email exists', async () => {
    await h.verifiedAccount('seller', 'forgetful@example.com');
    const since = new Date();
    const known = await h.call('POST', '/auth/forgot-password', { email: 'forgetful@example.com' });
    const unknown = await h.call('POST', '/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect(await h.codeSentTo('forgetful@example.com', since)).toMatch(/^\d{6}$/);
  });

  it('resets the password with the emailed code and ends older tokens', async () => {
    const { body } = await h.verifiedAccount('seller', 'reset@example.com', 'old-pass');
    const since = new Date();
    await h.call('POST', '/auth/forgot-password', { email: 'reset@example.com' });
    const code = await h.codeSentTo('reset@example.com', since);
    const reply = await h.call('POST', '/auth/reset-password', {
      email: 'reset@example.com',
      code,
      newPassword: 'new-pass',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toEqual(expect.any(String));
    const old = await h.call('POST', '/auth/login', {
      email: 'reset@example.com',
      password: 'old-pass',
    });
    expect(old.status).toBe(401);
    const fresh = await h.call('POST', '/auth/login', {
      email: 'reset@example.com',
      password: 'new-pass',
    });
    expect(fresh.status).toBe(200);
    await expect
      .poll(
        async () => (await h.call('GET', '/auth/profile', undefined, bearer(body.token))).status,
      )
      .toBe(401);
  });

  it('refuses a reset with a wrong or expired code, and a short new password', async () => {
    await h.verifiedAccount('seller', 'careful@example.com');
    const since = new Date();
    await h.call('POST', '/auth/forgot-password', { email: 'careful@example.com' });
    const code = await h.codeSentTo('careful@example.com', since);
    const wrong = await h.call('POST', '/auth/reset-password', {
      email: 'careful@example.com',
      code: otherCode(code),
      newPassword: 'new-pass',
    });
    expect(wrong.body.error).toBe('Invalid verification code');
    const short = await h.call('POST', '/auth/reset-password', {
      email: 'careful@example.com',
      code,
      newPassword: '123',
    });
    expect(short.body.details).toEqual([
      { message: 'Password must be at least 6 characters', path: 'body.newPassword' },
    ]);
    h.advanceClock(16 * 60_000);
    const expired = await h.call('POST', '/auth/reset-password', {
      email: 'careful@example.com',
      code,
      newPassword: 'new-pass',
    });
    expect(expired.body.error).toBe('This code has expired. Please request a new one.');
  });

  it('does not accept a verification code as a reset code', async () => {
    const code = await signUp('mixed@example.com');
    const reply = await h.call('POST', '/auth/reset-password', {
      email: 'mixed@example.com',
      code,
      newPassword: 'new-pass',
    });
    expect(reply.body.error).toBe('Invalid verification code');
  });
});
