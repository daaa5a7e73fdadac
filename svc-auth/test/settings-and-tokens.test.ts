import type mongoose from 'mongoose';
import { importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenAudience, tokenIssuer } from '@onvelope/contracts';
import { connectTestDatabase } from '@onvelope/testkit';
import { bearer, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

describe('account settings and tokens', () => {
  let h: AuthHarness;
  let db: mongoose.Connection;
  beforeAll(async () => {
    h = await startAuthHarness();
    db = await connectTestDatabase(h.service.env.MONGO_DB);
  });
  afterAll(async () => {
    await db.close();
    await h.stop();
  });

  const signingKey = async () => {
    const stored = await db.collection('signing_keys').findOne({});
    if (!stored) throw new Error('no signing key');
    return {
      kid: stored.kid as string,
      key: (await importJWK(stored.privateJwk as JWK, 'ES256')) as CryptoKey,
    };
  };

  it('shows the signed-in seller’s account settings', async () => {
    const { body } = await h.verifiedAccount('seller', 'kim@example.com');
    const reply = await h.call('GET', '/auth/settings', undefined, bearer(body.token));
    expect(reply.status).toBe(200);
    expect(reply.body.account).toMatchObject({
      email: 'kim@example.com',
      isVerified: true,
      plan: null,
      displayName: null,
      lastLoginAt: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('updates the profile fields sent, clearing the empty ones', async () => {
    const { body } = await h.verifiedAccount('seller', 'lou@example.com');
    const first = await h.call(
      'PUT',
      '/auth/settings/profile',
      {
        displayName: 'Lou',
        companyName: 'Lou Ltd',
        website: 'https://lou.example.com',
        phoneNumber: '+44 20 7946 0000',
        country: 'GB',
        city: 'Leeds',
      },
      bearer(body.token),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Profile updated successfully!',
      account: { displayName: 'Lou', companyName: 'Lou Ltd', city: 'Leeds', country: 'GB' },
    });
    const second = await h.call('PUT', '/auth/settings/profile', { city: '' }, bearer(body.token));
    expect(second.body.account).toMatchObject({ displayName: 'Lou', city: null });
    const bad = await h.call(
      'PUT',
      '/auth/settings/profile',
      { website: 'not a url' },
      bearer(body.token),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].message).toBe('Website must be a web address (http:// or https://)');
  });

  it('refuses control characters in every text it would store, naming the field (issue 32, defect 9)', async () => {
    const seller = await h.verifiedAccount('seller', 'ctl@example.com');
    const buyer = await h.verifiedAccount('customer', 'ctl-buyer@example.com');
    const refused = [
      ['PUT', '/auth/settings/profile', { companyName: 'Lou\u0000 Ltd' }, seller],
      ['PUT', '/auth/settings/profile', { city: 'Le\neds' }, seller],
      ['PUT', '/auth/settings/profile', { phoneNumber: '+44\t20' }, seller],
      ['PUT', '/auth/settings/profile', { website: 'https://lou.example.com/\u0001' }, seller],
      ['PATCH', '/api/customer-auth/profile', { firstName: 'Ann\u009b' }, buyer],
      ['PATCH', '/api/customer-auth/profile', { avatar: 'https://a.example/\u007f.png' }, buyer],
    ] as const;
    for (const [method, path, change, account] of refused) {
      const reply = await h.call(method, path, change, bearer(account.body.token));
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.details, JSON.stringify(change)).toEqual([
        {
          path: `body.${Object.keys(change)[0]}`,
          message: expect.stringMatching(/control characters/),
        },
      ]);
    }
    const signUp = await h.call('POST', '/auth/signup', {
      email: 'ctl-new@example.com',
      password: 'secret1',
      displayName: 'New\u001b[31m',
    });
    expect(signUp.status).toBe(400);
    const settings = await h.call('GET', '/auth/settings', undefined, bearer(seller.body.token));
    expect(settings.body.account).toMatchObject({ companyName: null, city: null, website: null });
  });

  it('changes the email with the current password; the new address must be verified', async () => {
    const { body } = await h.verifiedAccount('seller', 'max@example.com', 'max-pass');
    const since = new Date();
    const reply = await h.call(
      'PUT',
      '/auth/settings/email',
      { newEmail: 'Max.New@example.com', password: 'max-pass' },
      bearer(body.token),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      message: 'Email updated successfully! Please verify your new email.',
      account: { email: 'max.new@example.com', isVerified: false },
    });
    const code = await h.codeSentTo('max.new@example.com', since);
    const unverifiedLogin = await h.call('POST', '/auth/login', {
      email: 'max.new@example.com',
      password: 'max-pass',
    });
    expect(unverifiedLogin.body.requiresVerification).toBe(true);
    const verified = await h.call('POST', '/auth/verify-code', {
      email: 'max.new@example.com',
      code,
    });
    expect(verified.body.user).toMatchObject({ email: 'max.new@example.com', isVerified: true });
  });

  it('refuses an email change with a wrong password or to an address already taken', async () => {
    await h.verifiedAccount('seller', 'owner@example.com');
    const { body } = await h.verifiedAccount('seller', 'ned@example.com', 'ned-pass');
    const wrong = await h.call(
      'PUT',
      '/auth/settings/email',
      { newEmail: 'ned2@example.com', password: 'nope' },
      bearer(body.token),
    );
    expect(wrong).toEqual({ status: 400, body: { error: 'Current password is incorrect' } });
    const taken = await h.call(
      'PUT',
      '/auth/settings/email',
      { newEmail: 'owner@example.com', password: 'ned-pass' },
      bearer(body.token),
    );
    expect(taken).toEqual({
      status: 409,
      body: { error: 'An account with this email already exists' },
    });
    const invalid = await h.call(
      'PUT',
      '/auth/settings/email',
      { newEmail: 'nope', password: '' },
      bearer(body.token),
    );
    expect(invalid.body.details.map((d: { message: string }) => d.message)).toEqual([
      'Invalid email address',
      'Password is required',
    ]);
  });

  it('changes the password: the old token ends (even one from the same second), the answered one works', async () => {
    const { body } = await h.verifiedAccount('seller', 'oli@example.com', 'old-pass');
    const reply = await h.call(
      'PUT',
      '/auth/settings/password',
      { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' },
      bearer(body.token),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: 'Password updated successfully!',
      token: expect.any(String),
    });
    await expect
      .poll(
        async () => (await h.call('GET', '/auth/profile', undefined, bearer(body.token))).status,
      )
      .toBe(401);
    const fresh = await h.call('GET', '/auth/profile', undefined, bearer(reply.body.token));
    expect(fresh.status).toBe(200);
    const login = await h.call('POST', '/auth/login', {
      email: 'oli@example.com',
      password: 'new-pass',
    });
    expect(login.status).toBe(200);
  });

  it('refuses a password change with a wrong current password, a short or unconfirmed new one', async () => {
    const { body } = await h.verifiedAccount('seller', 'pat@example.com', 'pat-pass');
    const wrong = await h.call(
      'PUT',
      '/auth/settings/password',
      { currentPassword: 'nope', newPassword: 'new-pass', confirmPassword: 'new-pass' },
      bearer(body.token),
    );
    expect(wrong).toEqual({ status: 400, body: { error: 'Current password is incorrect' } });
    const short = await h.call(
      'PUT',
      '/auth/settings/password',
      { currentPassword: 'pat-pass', newPassword: '123', confirmPassword: '123' },
      bearer(body.token),
    );
    expect(short.body.details.map((d: { message: string }) => d.message)).toEqual([
      'Password must be at least 6 characters',
    ]);
    const differ = await h.call(
      'PUT',
      '/auth/settings/password',
      { currentPassword: 'pat-pass', newPassword: 'new-pass', confirmPassword: 'other-pass' },
      bearer(body.token),
    );
    expect(differ.body.details).toEqual([
      { message: 'New password and confirmation do not match', path: 'body.confirmPassword' },
    ]);
    const still = await h.call('POST', '/auth/login', {
      email: 'pat@example.com',
      password: 'pat-pass',
    });
    expect(still.status).toBe(200);
  });

  it('shows each seller only their own settings, whatever else the request says', async () => {
    const ann = await h.verifiedAccount('seller', 'tenant-a@example.com');
    const bob = await h.verifiedAccount('seller', 'tenant-b@example.com');
    await h.call('PUT', '/auth/settings/profile', { companyName: 'A Co' }, bearer(ann.body.token));
    const bobs = await h.call(
      'GET',
      `/auth/settings?userId=${ann.body.user.id}&accountId=${ann.body.user.accountId}`,
      undefined,
      bearer(bob.body.token),
    );
    expect(bobs.body.account).toMatchObject({ email: 'tenant-b@example.com', companyName: null });
    await h.call(
      'PUT',
      '/auth/settings/profile',
      { companyName: 'B Co', userId: ann.body.user.id },
      bearer(bob.body.token),
    );
    const anns = await h.call('GET', '/auth/settings', undefined, bearer(ann.body.token));
    expect(anns.body.account.companyName).toBe('A Co');
  });

  it('refuses a token for one seller id carrying another seller’s account', async () => {
    const ann = await h.verifiedAccount('seller', 'mix-a@example.com');
    const bob = await h.verifiedAccount('seller', 'mix-b@example.com');
    const { kid, key } = await signingKey();
    const forged = await new SignJWT({
      userId: bob.body.user.id,
      accountId: ann.body.user.accountId,
      role: 'merchant',
    })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const reply = await h.call('GET', '/auth/settings', undefined, bearer(forged));
    expect(reply.status).toBe(404);
  });

  it('refuses a tampered token and an expired one with the spec words', async () => {
    const { body } = await h.verifiedAccount('seller', 'quin@example.com');
    const [header, payload, signature] = String(body.token).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, userId: 'someone-else' })).toString('base64url')}.${signature}`;
    const refused = await h.call('GET', '/auth/profile', undefined, bearer(tampered));
    expect(refused).toEqual({
      status: 401,
      body: { error: 'INVALID TOKEN - Please go to /login and sign in again' },
    });

    const { kid, key } = await signingKey();
    const expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const late = await h.call('GET', '/auth/profile', undefined, bearer(expired));
    expect(late).toEqual({
      status: 401,
      body: { error: 'TOKEN EXPIRED - Please go to /login and sign in again' },
    });
    const garbage = await h.call('GET', '/auth/settings', undefined, bearer('not.a.token'));
    expect(garbage.status).toBe(401);
  });

  it('refuses a buyer token on seller calls and a seller token on buyer calls', async () => {
    const buyer = await h.verifiedAccount('customer', 'rae@example.com');
    const seller = await h.verifiedAccount('seller', 'sam@example.com');
    for (const path of ['/auth/profile', '/auth/settings']) {
      const reply = await h.call('GET', path, undefined, bearer(buyer.body.token));
      expect(reply.status, path).toBe(403);
    }
    const put = await h.call(
      'PUT',
      '/auth/settings/profile',
      { city: 'X' },
      bearer(buyer.body.token),
    );
    expect(put.status).toBe(403);
    const customer = await h.call(
      'GET',
      '/api/customer-auth/profile',
      undefined,
      bearer(seller.body.token),
    );
    expect(customer.status).toBe(403);
  });
});
