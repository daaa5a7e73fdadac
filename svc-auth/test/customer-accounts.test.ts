import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

describe('buyer accounts', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.stop());

  it('signs a buyer up, verifies the email and answers a customer token', async () => {
    const since = new Date();
    const signedUp = await h.call('POST', '/api/customer-auth/signup', {
      email: 'Tia@Example.com',
      password: 'secret1',
      firstName: 'Tia',
      lastName: 'Jones',
    });
    expect(signedUp.body).toMatchObject({ requiresVerification: true, email: 'tia@example.com' });
    const code = await h.codeSentTo('tia@example.com', since);
    const verified = await h.call('POST', '/api/customer-auth/verify-code', {
      email: 'tia@example.com',
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.customer).toEqual({
      id: expect.any(String),
      firstName: 'Tia',
      lastName: 'Jones',
      email: 'tia@example.com',
      defaultPostcode: null,
      avatar: null,
      isVerified: true,
      // svc-orders, which counts claims, is not running here: the profile loads without it.
      orderCount: null,
    });
    const claims = JSON.parse(
      Buffer.from(String(verified.body.token).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      role: 'customer',
      userId: verified.body.customer.id,
      accountId: verified.body.customer.id,
    });
  });

  it('lets one email hold a seller account and a buyer account, each with its own password', async () => {
    await h.verifiedAccount('seller', 'both@example.com', 'seller-pass');
    const buyer = await h.verifiedAccount('customer', 'both@example.com', 'buyer-pass');
    expect(buyer.status).toBe(200);
    const asSeller = await h.call('POST', '/auth/login', {
      email: 'both@example.com',
      password: 'buyer-pass',
    });
    expect(asSeller.status).toBe(401);
    const asBuyer = await h.call('POST', '/api/customer-auth/login', {
      email: 'both@example.com',
      password: 'buyer-pass',
    });
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body.customer.email).toBe('both@example.com');
  });

  it('answers buyer sign-in failures like the seller’s', async () => {
    await h.verifiedAccount('customer', 'uma@example.com', 'right-pass');
    const wrong = await h.call('POST', '/api/customer-auth/login', {
      email: 'uma@example.com',
      password: 'wrong-pass',
    });
    const unknown = await h.call('POST', '/api/customer-auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-pass',
    });
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toEqual(wrong);
    await h.call('POST', '/api/customer-auth/signup', {
      email: 'val@example.com',
      password: 'secret1',
    });
    const unverified = await h.call('POST', '/api/customer-auth/login', {
      email: 'val@example.com',
      password: 'secret1',
    });
    expect(unverified).toMatchObject({
      status: 403,
      body: { requiresVerification: true, email: 'val@example.com' },
    });
  });

  it('refuses a buyer sign-up for a verified buyer email, and resends within limits', async () => {
    await h.verifiedAccount('customer', 'wes@example.com');
    const taken = await h.call('POST', '/api/customer-auth/signup', {
      email: 'wes@example.com',
      password: 'secret1',
    });
    expect(taken.status).toBe(409);
    await h.call('POST', '/api/customer-auth/signup', {
      email: 'xia@example.com',
      password: 'secret1',
    });
    const early = await h.call('POST', '/api/customer-auth/resend-code', {
      email: 'xia@example.com',
    });
    expect(early.status).toBe(429);
    h.advanceClock(60_000);
    const since = new Date();
    const resent = await h.call('POST', '/api/customer-auth/resend-code', {
      email: 'xia@example.com',
    });
    expect(resent.status).toBe(200);
    expect(await h.codeSentTo('xia@example.com', since)).toMatch(/^\d{6}$/);
  });

  it('reads and updates the buyer profile: postcode upper-cased, empty avatar cleared', async () => {
    const { body } = await h.verifiedAccount('customer', 'yan@example.com');
    const updated = await h.call(
      'PATCH',
      '/api/customer-auth/profile',
      {
        firstName: 'Yan',
        lastName: 'Lee',
        defaultPostcode: ' sw1a 1aa ',
        avatar: 'https://img.example.com/yan.png',
      },
      bearer(body.token),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.customer).toMatchObject({
      firstName: 'Yan',
      lastName: 'Lee',
      defaultPostcode: 'SW1A 1AA',
      avatar: 'https://img.example.com/yan.png',
      isVerified: true,
    });
    const cleared = await h.call(
      'PATCH',
      '/api/customer-auth/profile',
      { avatar: '' },
      bearer(body.token),
    );
    expect(cleared.body.customer.avatar).toBeNull();
    const read = await h.call('GET', '/api/customer-auth/profile', undefined, bearer(body.token));
    expect(read.body.customer).toMatchObject({ firstName: 'Yan', avatar: null });
    const bad = await h.call(
      'PATCH',
      '/api/customer-auth/profile',
      { avatar: 'nope' },
      bearer(body.token),
    );
    expect(bad.body.details[0].message).toBe('Avatar must be a web address (http:// or https://)');
  });

  it('makes a buyer who changes email verify the new address', async () => {
    await h.verifiedAccount('customer', 'taken-buyer@example.com');
    const { body } = await h.verifiedAccount('customer', 'zed@example.com');
    const taken = await h.call(
      'PATCH',
      '/api/customer-auth/profile',
      { email: 'taken-buyer@example.com' },
      bearer(body.token),
    );
    expect(taken.status).toBe(409);
    const since = new Date();
    const moved = await h.call(
      'PATCH',
      '/api/customer-auth/profile',
      { email: 'zed.new@example.com' },
      bearer(body.token),
    );
    expect(moved.body.customer).toMatchObject({ email: 'zed.new@example.com', isVerified: false });
    const code = await h.codeSentTo('zed.new@example.com', since);
    const verified = await h.call('POST', '/api/customer-auth/verify-code', {
      email: 'zed.new@example.com',
      code,
    });
    expect(verified.body.customer.isVerified).toBe(true);
  });

  it('resets a buyer password by emailed code', async () => {
    const { body } = await h.verifiedAccount('customer', 'amy@example.com', 'old-pass');
    const since = new Date();
    const asked = await h.call('POST', '/api/customer-auth/forgot-password', {
      email: 'amy@example.com',
    });
    const unknown = await h.call('POST', '/api/customer-auth/forgot-password', {
      email: 'ghost@example.com',
    });
    expect(asked).toEqual(unknown);
    const code = await h.codeSentTo('amy@example.com', since);
    const reset = await h.call('POST', '/api/customer-auth/reset-password', {
      email: 'amy@example.com',
      code,
      newPassword: 'new-pass',
    });
    expect(reset.status).toBe(200);
    const login = await h.call('POST', '/api/customer-auth/login', {
      email: 'amy@example.com',
      password: 'new-pass',
    });
    expect(login.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await h.call('GET', '/api/customer-auth/profile', undefined, bearer(body.token))).status,
      )
      .toBe(401);
  });
});
