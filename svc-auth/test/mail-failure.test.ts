import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@onvelope/testkit';
import { startAuthHarness, type AuthHarness } from './support/auth-harness.js';

describe('when the mail server is down', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => h.stop());

  it('answers 503 and lets the code be requested again at once', async () => {
    const signUp = await h.call('POST', '/auth/signup', {
      email: 'offline@example.com',
      password: 'secret1',
    });
    expect(signUp).toEqual({
      status: 503,
      body: { error: 'We could not send the email right now. Please try again in a moment.' },
    });
    const resend = await h.call('POST', '/auth/resend-code', { email: 'offline@example.com' });
    expect(resend.status).toBe(503);
  });
});
