import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { throttleWindowMs } from '../src/domain/sign-in-throttle.js';
import { startAuthHarness, type AuthHarness } from './support/auth-harness.js';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('sign-in throttling', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.stop());
  // Every test counts its failures in one window of the service's clock.
  beforeEach(() => h.startNextWindow(throttleWindowMs));

  it('answers 429 after 5 failures for one email, without checking the right password', async () => {
    await h.verifiedAccount('seller', 'target@example.com', 'right-pass');
    for (let i = 0; i < 5; i += 1) {
      const reply = await h.call(
        'POST',
        '/auth/login',
        { email: 'target@example.com', password: 'wrong' },
        from(`198.51.100.${i}`),
      );
      expect(reply.status).toBe(401);
    }
    const blocked = await h.call(
      'POST',
      '/auth/login',
      { email: 'target@example.com', password: 'right-pass' },
      from('198.51.100.77'),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
    // The wait is also said the way clients and proxies read it.
    const minutes = Number(/in (\d+) minute/.exec(blocked.body.error)![1]);
    expect(blocked.headers.get('retry-after')).toBe(String(minutes * 60));
    h.advanceClock(15 * 60_000);
    const later = await h.call(
      'POST',
      '/auth/login',
      { email: 'target@example.com', password: 'right-pass' },
      from('198.51.100.77'),
    );
    expect(later.status).toBe(200);
  });

  it('throttles unknown emails like known ones', async () => {
    for (let i = 0; i < 5; i += 1) {
      await h.call(
        'POST',
        '/auth/login',
        { email: 'ghost@example.com', password: 'x' },
        from('192.0.2.50'),
      );
    }
    const blocked = await h.call(
      'POST',
      '/auth/login',
      { email: 'ghost@example.com', password: 'x' },
      from('192.0.2.51'),
    );
    expect(blocked.status).toBe(429);
  });

  it('answers 429 after 20 failures from one IP, whatever the email', async () => {
    await h.verifiedAccount('seller', 'bystander@example.com', 'right-pass');
    for (let i = 0; i < 20; i += 1) {
      await h.call(
        'POST',
        '/auth/login',
        { email: `spray${i}@example.com`, password: 'wrong' },
        from('203.0.113.20'),
      );
    }
    const blocked = await h.call(
      'POST',
      '/auth/login',
      { email: 'bystander@example.com', password: 'right-pass' },
      from('203.0.113.20'),
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await h.call(
      'POST',
      '/auth/login',
      { email: 'bystander@example.com', password: 'right-pass' },
      from('203.0.113.21'),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('forgets an email’s failures after a successful sign-in', async () => {
    await h.verifiedAccount('seller', 'clumsy@example.com', 'right-pass');
    const attempt = (password: string) =>
      h.call('POST', '/auth/login', { email: 'clumsy@example.com', password }, from('192.0.2.9'));
    for (let i = 0; i < 4; i += 1) await attempt('wrong');
    expect((await attempt('right-pass')).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt('right-pass')).status).toBe(200);
  });

  it('counts a seller and a buyer with the same email separately', async () => {
    await h.verifiedAccount('customer', 'both@example.com', 'buyer-pass');
    for (let i = 0; i < 5; i += 1) {
      await h.call(
        'POST',
        '/auth/login',
        { email: 'both@example.com', password: 'wrong' },
        from(`192.0.2.${100 + i}`),
      );
    }
    const buyer = await h.call(
      'POST',
      '/api/customer-auth/login',
      { email: 'both@example.com', password: 'buyer-pass' },
      from('192.0.2.120'),
    );
    expect(buyer.status).toBe(200);
  });

  it('limits the accounts one address creates, and says when it may try again', async () => {
    const limited = await startAuthHarness({ SIGN_UPS_PER_ADDRESS: '5' });
    try {
      const address = from('192.0.2.10');
      for (let i = 1; i <= 5; i += 1) {
        const kind = i % 2 ? '/auth' : '/api/customer-auth';
        const reply = await limited.call(
          'POST',
          `${kind}/signup`,
          { email: `burst${i}@example.com`, password: 'secret1' },
          address,
        );
        expect(reply.status, `sign-up ${i}`).toBe(200);
      }
      const refused = await limited.call(
        'POST',
        '/auth/signup',
        { email: 'burst6@example.com', password: 'secret1' },
        address,
      );
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(
        /^Too many accounts were created from your address\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const elsewhere = await limited.call(
        'POST',
        '/auth/signup',
        { email: 'burst6@example.com', password: 'secret1' },
        from('192.0.2.11'),
      );
      expect(elsewhere.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('refuses addresses mail software reads another way with 400, never 503', async () => {
    for (const email of [
      'a>b@example.com',
      'a,b@example.com',
      'a(b)@example.com',
      'a b@example.com',
    ]) {
      const reply = await h.call(
        'POST',
        '/auth/signup',
        { email, password: 'secret1' },
        from('192.0.2.20'),
      );
      expect(reply.status, email).toBe(400);
      expect(reply.body.details).toEqual([
        { path: 'body.email', message: 'Invalid email address' },
      ]);
    }
  });
});
