import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authValidationMessages as m } from '@onvelope/contracts';
import { startBillingService } from '@onvelope/svc-billing';
import { startService, testInfra, type StartedService } from '@onvelope/testkit';
import { bearer, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

const consent = {
  agreed: true,
  termsUrl: '/terms',
  privacyUrl: '/privacy',
  termsVersion: '2025-10-02',
  consentTimestamp: '2026-03-01T10:00:00.000Z',
  consentIp: 'browser-based',
};
const onboarding = {
  selectedPlan: 'pro_yearly',
  agreeToTrialTerms: true,
  agreeToPaymentTerms: true,
  consent,
};
const messagesOf = (body: { details?: { message: string }[] }) =>
  (body.details ?? []).map((detail) => detail.message);

describe('seller sign-up, verification and sign-in', () => {
  let h: AuthHarness;
  // svc-billing starts the trial when onboarding completes (the real service, on stripe-mock).
  let billing: StartedService;
  beforeAll(async () => {
    h = await startAuthHarness();
    billing = await startService(startBillingService, {
      STRIPE_MOCK_URL: testInfra().stripeMockUrl,
    });
  });
  afterAll(async () => {
    await billing.close();
    await h.stop();
  });

  it('signs a seller up unverified and emails a 6-digit code', async () => {
    const since = new Date();
    const reply = await h.call('POST', '/auth/signup', {
      email: ' Ann@Example.com ',
      displayName: 'Ann',
      password: 'secret1',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      requiresVerification: true,
      email: 'ann@example.com',
      message: expect.stringContaining('6-digit'),
    });
    expect(await h.codeSentTo('ann@example.com', since)).toMatch(/^\d{6}$/);
  });

  it('verifies the email with the code and answers a token and the user', async () => {
    const since = new Date();
    await h.call('POST', '/auth/signup', { email: 'bea@example.com', password: 'secret1' });
    const code = await h.codeSentTo('bea@example.com', since);
    const reply = await h.call('POST', '/auth/verify-code', { email: 'bea@example.com', code });
    expect(reply.status).toBe(200);
    expect(reply.body.token).toEqual(expect.any(String));
    expect(reply.body.user).toMatchObject({
      email: 'bea@example.com',
      name: 'bea',
      role: 'merchant',
      isVerified: true,
      onboardingCompleted: false,
      selectedPlan: null,
      trialEnd: null,
    });
    const again = await h.call('POST', '/auth/verify-code', { email: 'bea@example.com', code });
    expect(again).toMatchObject({ status: 400, body: { error: 'Invalid verification code' } });
  });

  it('refuses a sign-up for an email that is already registered and verified', async () => {
    await h.verifiedAccount('seller', 'taken@example.com');
    const reply = await h.call('POST', '/auth/signup', {
      email: 'TAKEN@example.com',
      password: 'another1',
    });
    expect(reply).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists' },
    });
  });

  it('gives an unverified email signing up again a new code and the newest password', async () => {
    const first = new Date();
    await h.call('POST', '/auth/signup', { email: 'again@example.com', password: 'first-pass' });
    const oldCode = await h.codeSentTo('again@example.com', first);
    h.advanceClock(61_000);
    const second = new Date();
    const reply = await h.call('POST', '/auth/signup', {
      email: 'again@example.com',
      password: 'second-pass',
    });
    expect(reply.status).toBe(200);
    const newCode = await h.codeSentTo('again@example.com', second);
    if (newCode !== oldCode) {
      const stale = await h.call('POST', '/auth/verify-code', {
        email: 'again@example.com',
        code: oldCode,
      });
      expect(stale.body.error).toBe('Invalid verification code');
    }
    await h.call('POST', '/auth/verify-code', { email: 'again@example.com', code: newCode });
    const login = await h.call('POST', '/auth/login', {
      email: 'again@example.com',
      password: 'second-pass',
    });
    expect(login.status).toBe(200);
  });

  it('answers every validation message of spec 001 §5 for sign-up', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'secret1' }, m.emailRequired],
      [{ email: '', password: 'secret1' }, m.emailRequired],
      [{ email: 'not-an-email', password: 'secret1' }, m.emailInvalid],
      [{ email: 'x@example.com' }, m.passwordRequired],
      [{ email: 'x@example.com', password: '' }, m.passwordRequired],
      [{ email: 'x@example.com', password: '12345' }, m.passwordTooShort],
    ];
    for (const [body, message] of cases) {
      const reply = await h.call('POST', '/auth/signup', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(messagesOf(reply.body)).toEqual([message]);
    }
  });

  it('asks for a valid 6-digit code', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const reply = await h.call('POST', '/auth/verify-code', { email: 'ann@example.com', code });
      expect(reply.status).toBe(400);
      expect(messagesOf(reply.body)).toEqual([m.codeInvalid]);
    }
  });

  it('signs a verified seller in with the right password', async () => {
    await h.verifiedAccount('seller', 'cat@example.com', 'right-pass');
    const reply = await h.call('POST', '/auth/login', {
      email: 'cat@example.com',
      password: 'right-pass',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ email: 'cat@example.com', onboardingCompleted: false });
    const profile = await h.call('GET', '/auth/profile', undefined, bearer(reply.body.token));
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ email: 'cat@example.com', name: 'cat' });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await h.verifiedAccount('seller', 'dan@example.com', 'right-pass');
    const wrong = await h.call('POST', '/auth/login', {
      email: 'dan@example.com',
      password: 'wrong-pass',
    });
    const unknown = await h.call('POST', '/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-pass',
    });
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknown).toEqual(wrong);
  });

  it('answers sign-in validation with the spec messages, a password of 1 character being enough', async () => {
    const missing = await h.call('POST', '/auth/login', { email: 'bad', password: '' });
    expect(messagesOf(missing.body)).toEqual([m.emailInvalid, m.passwordRequired]);
    const short = await h.call('POST', '/auth/login', { email: 'dan@example.com', password: 'x' });
    expect(short.status).toBe(401);
  });

  it('sends an unverified seller with the right password to verification, with a fresh code', async () => {
    const since = new Date();
    await h.call('POST', '/auth/signup', { email: 'eve@example.com', password: 'secret1' });
    await h.codeSentTo('eve@example.com', since);
    h.advanceClock(61_000);
    const later = new Date();
    const reply = await h.call('POST', '/auth/login', {
      email: 'eve@example.com',
      password: 'secret1',
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      error: 'Please verify your email before signing in.',
      requiresVerification: true,
      email: 'eve@example.com',
    });
    const code = await h.codeSentTo('eve@example.com', later);
    const verified = await h.call('POST', '/auth/verify-code', { email: 'eve@example.com', code });
    expect(verified.status).toBe(200);
  });

  it('does not tell an unverified account apart when the password is wrong', async () => {
    await h.call('POST', '/auth/signup', { email: 'fay@example.com', password: 'secret1' });
    const reply = await h.call('POST', '/auth/login', {
      email: 'fay@example.com',
      password: 'not-it',
    });
    expect(reply).toEqual({ status: 401, body: { error: 'Invalid email or password' } });
  });

  it('completes onboarding: 7-day trial, chosen plan and consent, once', async () => {
    const { body } = await h.verifiedAccount('seller', 'gus@example.com');
    // svc-billing owns the trial and its clock (the real one, not this harness's).
    const before = Date.now();
    const reply = await h.call('POST', '/auth/complete-onboarding', onboarding, {
      ...bearer(body.token),
      'x-forwarded-for': '203.0.113.9',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.selectedPlan).toBe('pro_yearly');
    const trialEnd = Date.parse(reply.body.trialEnd);
    const week = 7 * 24 * 3600_000;
    expect(trialEnd).toBeGreaterThanOrEqual(before + week - 1000);
    expect(trialEnd).toBeLessThanOrEqual(Date.now() + week + 1000);
    expect(reply.body.user).toMatchObject({
      onboardingCompleted: true,
      selectedPlan: 'pro_yearly',
    });

    const profile = await h.call('GET', '/auth/profile', undefined, bearer(body.token));
    expect(profile.body.user).toMatchObject({
      onboardingCompleted: true,
      selectedPlan: 'pro_yearly',
      trialEnd: reply.body.trialEnd,
    });

    h.advanceClock(60_000);
    const twice = await h.call(
      'POST',
      '/auth/complete-onboarding',
      { ...onboarding, selectedPlan: 'pro_monthly' },
      bearer(body.token),
    );
    expect(twice.status).toBe(200);
    expect(twice.body).toMatchObject({ trialEnd: reply.body.trialEnd, selectedPlan: 'pro_yearly' });
  });

  it('chooses pro_monthly when onboarding names no plan', async () => {
    const { body } = await h.verifiedAccount('seller', 'hal@example.com');
    const { selectedPlan: _omitted, ...withoutPlan } = onboarding;
    const reply = await h.call(
      'POST',
      '/auth/complete-onboarding',
      withoutPlan,
      bearer(body.token),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.selectedPlan).toBe('pro_monthly');
  });

  it('answers onboarding without both agreements with error and details messages', async () => {
    const { body } = await h.verifiedAccount('seller', 'ida@example.com');
    const reply = await h.call(
      'POST',
      '/auth/complete-onboarding',
      { ...onboarding, agreeToTrialTerms: false, agreeToPaymentTerms: false },
      bearer(body.token),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error).toEqual(expect.any(String));
    expect(messagesOf(reply.body)).toEqual([
      'You must agree to the Terms of Service and Privacy Policy.',
      'You must agree to the payment terms and billing.',
    ]);
    const noPayment = await h.call(
      'POST',
      '/auth/complete-onboarding',
      { ...onboarding, agreeToPaymentTerms: false },
      bearer(body.token),
    );
    expect(messagesOf(noPayment.body)).toEqual([
      'You must agree to the payment terms and billing.',
    ]);
  });

  it('refuses a consent record for another terms version or without agreement', async () => {
    const { body } = await h.verifiedAccount('seller', 'jo@example.com');
    const reply = await h.call(
      'POST',
      '/auth/complete-onboarding',
      { ...onboarding, consent: { ...consent, agreed: false, termsVersion: '2024-01-01' } },
      bearer(body.token),
    );
    expect(reply.status).toBe(400);
    expect(messagesOf(reply.body)).toEqual([
      'You must agree to the Terms of Service and Privacy Policy.',
      'Terms version must be 2025-10-02',
    ]);
    const profile = await h.call('GET', '/auth/profile', undefined, bearer(body.token));
    expect(profile.body.user.onboardingCompleted).toBe(false);
  });

  it('records nothing and asks to retry when svc-billing cannot start the trial', async () => {
    const { body } = await h.verifiedAccount('seller', 'kim@example.com');
    await billing.close();
    try {
      const reply = await h.call(
        'POST',
        '/auth/complete-onboarding',
        onboarding,
        bearer(body.token),
      );
      expect(reply).toEqual({
        status: 503,
        body: { error: 'We could not start your trial just now. Please try again in a moment.' },
      });
      const profile = await h.call('GET', '/auth/profile', undefined, bearer(body.token));
      expect(profile.body.user).toMatchObject({ onboardingCompleted: false, trialEnd: null });
    } finally {
      billing = await startService(startBillingService, {
        STRIPE_MOCK_URL: testInfra().stripeMockUrl,
      });
    }
    const retried = await h.call(
      'POST',
      '/auth/complete-onboarding',
      onboarding,
      bearer(body.token),
    );
    expect(retried.status).toBe(200);
    expect(retried.body.user.onboardingCompleted).toBe(true);
  });

  it('asks for a token on the profile and onboarding calls', async () => {
    expect((await h.call('GET', '/auth/profile')).status).toBe(401);
    expect((await h.call('POST', '/auth/complete-onboarding', onboarding)).status).toBe(401);
  });
});
