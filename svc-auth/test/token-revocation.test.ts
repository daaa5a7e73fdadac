import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute, type Access } from '@onvelope/contracts';
import { serviceConfigSchema, type Env } from '@onvelope/service-kit/config';
import { createService } from '@onvelope/service-kit/http';
import {
  startService,
  startTcpLink,
  testInfra,
  type StartedService,
  type TcpLink,
} from '@onvelope/testkit';
import { bearer, prefixOf, startAuthHarness, type AuthHarness } from './support/auth-harness.js';

// Another service that checks tokens (every service does it through the service kit): it hears of
// revocations only over NATS, and answers 200 to a token it accepts.
const probeOf = (access: Access) =>
  defineRoute({
    method: 'GET',
    path: `/api/test/${access}`,
    service: 'svc-sync',
    access,
    openWithoutSubscription: true,
    source: 'implied',
    summary: 'token probe',
    schemas: {},
  });
const startChecker = (env: Env) =>
  createService({
    name: 'svc-sync',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'revocation-checker' }, {}),
    setup: async ({ routes }) => {
      for (const access of ['merchant', 'customer'] as const)
        routes.handle(probeOf(access), async () => ({ ok: true }));
    },
  });

const newPassword = (currentPassword: string) => ({
  currentPassword,
  newPassword: 'new-pass',
  confirmPassword: 'new-pass',
});

describe('token revocation', () => {
  let link: TcpLink;
  let h: AuthHarness;
  let checker: StartedService;
  beforeAll(async () => {
    // svc-auth and the checker reach NATS through a link the tests cut: NATS is down for both.
    link = await startTcpLink(testInfra().natsUrl);
    h = await startAuthHarness({ NATS_URL: link.url });
    checker = await startService(startChecker, {
      NATS_URL: link.url,
      AUTH_JWKS_URL: `${h.url}/auth/.well-known/jwks.json`,
    });
  });
  afterEach(() => link.restore());
  afterAll(async () => {
    await checker.close();
    await h.stop();
    await link.close();
  });

  const checkerStatus = async (access: Access, token: string) =>
    (await fetch(`${checker.url}/api/test/${access}`, { headers: bearer(token) })).status;
  const authStatus = async (token: string) =>
    (await h.call('GET', '/auth/profile', undefined, bearer(token))).status;

  it('changes the password while NATS is down: 200, and svc-auth refuses the old token at once', async () => {
    const { body } = await h.verifiedAccount('seller', 'outage-a@example.com', 'old-pass');
    link.cut();
    const reply = await h.call(
      'PUT',
      '/auth/settings/password',
      newPassword('old-pass'),
      bearer(body.token),
    );
    expect(reply).toEqual({
      status: 200,
      body: { message: 'Password updated successfully!', token: expect.any(String) },
    });
    expect(await authStatus(body.token)).toBe(401);
    expect(await authStatus(reply.body.token)).toBe(200);
  });

  it('has the other services refuse the old token once NATS is back', async () => {
    const { body } = await h.verifiedAccount('seller', 'outage-b@example.com', 'old-pass');
    expect(await checkerStatus('merchant', body.token)).toBe(200);
    link.cut();
    const reply = await h.call(
      'PUT',
      '/auth/settings/password',
      newPassword('old-pass'),
      bearer(body.token),
    );
    expect(reply.status).toBe(200);
    link.restore();
    await expect
      .poll(() => checkerStatus('merchant', body.token), { timeout: 15_000, interval: 250 })
      .toBe(401);
    expect(await checkerStatus('merchant', reply.body.token)).toBe(200);
  });

  it('publishes a revocation NATS never acknowledged when svc-auth starts again', async () => {
    // An svc-auth of its own database (so the one above cannot publish for it), cut off from NATS
    // alone, and a checker that trusts its keys.
    const isolated = await startTcpLink(testInfra().natsUrl);
    const first = await startAuthHarness({ NATS_URL: isolated.url });
    const database = String(first.service.env.MONGO_DB);
    const restarted: AuthHarness[] = [];
    const ownChecker = await startService(startChecker, {
      AUTH_JWKS_URL: `${first.url}/auth/.well-known/jwks.json`,
    });
    const status = async (token: string) =>
      (await fetch(`${ownChecker.url}/api/test/merchant`, { headers: bearer(token) })).status;
    try {
      const { body } = await first.verifiedAccount('seller', 'outage-c@example.com', 'old-pass');
      expect(await status(body.token)).toBe(200);
      isolated.cut();
      const reply = await first.call(
        'PUT',
        '/auth/settings/password',
        newPassword('old-pass'),
        bearer(body.token),
      );
      expect(reply.status).toBe(200);
      await first.stop();
      expect(await status(body.token)).toBe(200);

      restarted.push(await startAuthHarness({ MONGO_DB: database }));
      await expect.poll(() => status(body.token), { timeout: 15_000, interval: 250 }).toBe(401);
      expect(await status(reply.body.token)).toBe(200);
    } finally {
      for (const service of restarted) await service.stop();
      await ownChecker.close();
      await isolated.close();
    }
  });

  it.each(['seller', 'customer'] as const)(
    'ends the other sessions of a %s who changes the email, and answers a fresh token',
    async (kind) => {
      const email = `moving-${kind}@example.com`;
      const signedIn = await h.verifiedAccount(kind, email, 'move-pass');
      const other = await h.call('POST', `${prefixOf(kind)}/login`, {
        email,
        password: 'move-pass',
      });
      const access = kind === 'seller' ? 'merchant' : 'customer';
      expect(await checkerStatus(access, other.body.token)).toBe(200);
      if (kind === 'customer') {
        // Other profile fields (the same email among them) end nothing and answer no token.
        const kept = await h.call(
          'PATCH',
          '/api/customer-auth/profile',
          { firstName: 'Stay', email },
          bearer(signedIn.body.token),
        );
        expect(kept.status).toBe(200);
        expect(kept.body.token).toBeUndefined();
        expect(await checkerStatus(access, other.body.token)).toBe(200);
      }

      const reply =
        kind === 'seller'
          ? await h.call(
              'PUT',
              '/auth/settings/email',
              { newEmail: `moved-${kind}@example.com`, password: 'move-pass' },
              bearer(signedIn.body.token),
            )
          : await h.call(
              'PATCH',
              '/api/customer-auth/profile',
              { email: `moved-${kind}@example.com` },
              bearer(signedIn.body.token),
            );
      expect(reply.status).toBe(200);
      expect(reply.body.token).toEqual(expect.any(String));

      const profile = `${prefixOf(kind)}/profile`;
      for (const old of [other.body.token, signedIn.body.token]) {
        expect((await h.call('GET', profile, undefined, bearer(old))).status).toBe(401);
        await expect.poll(() => checkerStatus(access, old), { timeout: 10_000 }).toBe(401);
      }
      expect((await h.call('GET', profile, undefined, bearer(reply.body.token))).status).toBe(200);
      expect(await checkerStatus(access, reply.body.token)).toBe(200);
    },
  );
});
