import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute, sellerTimeZoneChanged, userTokensRevoked } from '@onvelope/contracts';
import { startService, testInfra, type StartedService } from '@onvelope/testkit';
import { serviceConfigSchema, type Env } from '../src/config/index.js';
import { connectNats, publishEvent, type NatsConnection } from '../src/nats/index.js';
import { authMessages } from '../src/auth/index.js';
import { createService } from '../src/http/index.js';
import { startJwksServer } from './helpers.js';

const me = defineRoute({
  method: 'GET',
  path: '/api/test/me',
  service: 'svc-sync',
  access: 'merchant',
  // A probe of token checks, not of the paid workspace (billing-access tests cover that gate).
  openWithoutSubscription: true,
  source: 'implied',
  summary: 'me',
  schemas: {},
});
const startProbe = (env: Env) =>
  createService({
    name: 'svc-sync',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'revocations' }, {}),
    setup: async ({ routes }) => routes.handle(me, async (ctx) => ctx.state.auth),
  });

const now = () => Math.floor(Date.now() / 1000);

describe('token revocations', () => {
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let nc: NatsConnection;
  let service: StartedService;

  beforeAll(async () => {
    jwks = await startJwksServer();
    nc = await connectNats(testInfra().natsUrl, 'revocation-test');
    service = await startService(startProbe, { AUTH_JWKS_URL: jwks.url });
  });
  afterAll(async () => {
    await service.close();
    await nc.close();
    await jwks.close();
  });

  const call = (target: StartedService, token: string) =>
    fetch(`${target.url}/api/test/me`, { headers: { authorization: `Bearer ${token}` } });
  /** Revokes the user's tokens issued before `notBefore` (epoch seconds, as the test tokens' iat). */
  const revoke = (userId: string, notBefore: number) =>
    publishEvent(
      nc,
      userTokensRevoked,
      { userId, notBeforeMs: notBefore * 1000 },
      `${userId}:${notBefore}`,
    );

  it('ends tokens issued before a revocation and keeps later ones', async () => {
    const userId = randomUUID();
    const claims = { userId, accountId: 'a1', role: 'merchant' };
    const old = await jwks.sign(claims, '1h', undefined, now() - 10);
    expect((await call(service, old)).status).toBe(200);

    await revoke(userId, now() - 5);
    const fresh = await jwks.sign(claims, '1h', undefined, now());
    await expect.poll(async () => (await call(service, old)).status, { timeout: 5_000 }).toBe(401);
    expect(await (await call(service, old)).json()).toEqual({ error: authMessages.expired });
    expect((await call(service, fresh)).status).toBe(200);
  });

  it('honours a revocation an older svc-auth published in whole seconds', async () => {
    const userId = randomUUID();
    const claims = { userId, accountId: 'a1', role: 'merchant' };
    const old = await jwks.sign(claims, '1h', undefined, now() - 10);
    await publishEvent(nc, userTokensRevoked, { userId, notBefore: now() - 5 }, `${userId}:s`);
    await expect.poll(async () => (await call(service, old)).status, { timeout: 5_000 }).toBe(401);
    const fresh = await jwks.sign(claims, '1h', undefined, now());
    expect((await call(service, fresh)).status).toBe(200);
  });

  it('leaves other users alone', async () => {
    const token = await jwks.sign(
      { userId: randomUUID(), accountId: 'a1', role: 'merchant' },
      '1h',
      undefined,
      now() - 60,
    );
    await revoke(randomUUID(), now());
    expect((await call(service, token)).status).toBe(200);
  });

  it('knows earlier revocations as soon as it starts', async () => {
    const userId = randomUUID();
    await revoke(userId, now() - 5);
    const late = await startService(startProbe, { AUTH_JWKS_URL: jwks.url });
    try {
      const old = await jwks.sign(
        { userId, accountId: 'a1', role: 'merchant' },
        '1h',
        undefined,
        now() - 10,
      );
      expect((await call(late, old)).status).toBe(401);
    } finally {
      await late.close();
    }
  });

  it('starts when the stream holds other account events but no revocation', async () => {
    // Before: the replay waited for a revocation that would never come, and the service never
    // became ready once a seller had changed their time zone.
    const jsm = await jetstreamManager(nc);
    await jsm.streams.purge(userTokensRevoked.stream.name);
    await publishEvent(
      nc,
      sellerTimeZoneChanged,
      { accountId: 'a1', timeZone: 'Asia/Tokyo' },
      `time-zone:${randomUUID()}`,
    );
    const started = await startService(startProbe, { AUTH_JWKS_URL: jwks.url });
    await started.close();
  }, 20_000);
});
