import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type mongoose from 'mongoose';
import { z } from 'zod';
import { defineRoute } from '@onvelope/contracts';
import { serviceConfigSchema, type Env } from '@onvelope/service-kit/config';
import { createService } from '@onvelope/service-kit/http';
import { connectTestDatabase, startService, type StartedService } from '@onvelope/testkit';
import { startAuthService } from '../src/index.js';
import { loadSigningKey } from '../src/use-cases/load-signing-key.js';

/** Any other service built with the kit: it knows svc-auth only through its JWKS URL. */
const whoAmI = defineRoute({
  method: 'GET',
  path: '/api/probe/me',
  service: 'svc-billing',
  access: 'merchant',
  source: 'implied',
  summary: 'probe',
  schemas: { response: z.object({ userId: z.string(), accountId: z.string(), role: z.string() }) },
});
const startOtherService = (env: Env) =>
  createService({
    name: 'svc-billing',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'probe' }, {}),
    setup: async ({ routes }) => routes.handle(whoAmI, async (ctx) => ctx.state.auth),
  });

describe('svc-auth keys and JWKS', () => {
  let auth: StartedService;
  let other: StartedService;
  let db: mongoose.Connection;

  beforeAll(async () => {
    auth = await startService(startAuthService);
    other = await startService(startOtherService, {
      AUTH_JWKS_URL: `${auth.url}/auth/.well-known/jwks.json`,
    });
    db = await connectTestDatabase(auth.env.MONGO_DB);
  });
  afterAll(async () => {
    await other.close();
    await auth.close();
    await db.close();
  });

  it('serves its public signing key with a kid and no private part', async () => {
    const response = await fetch(`${auth.url}/auth/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]?.kid).toEqual(expect.any(String));
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('keeps the key it generated on first start across restarts', async () => {
    const before = (await (await fetch(`${auth.url}/auth/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    const again = await startService(startAuthService, { MONGO_DB: auth.env.MONGO_DB });
    const after = (await (await fetch(`${again.url}/auth/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    await again.close();
    expect(after.keys[0]?.kid).toBe(before.keys[0]?.kid);
  });

  it('signs tokens that another service accepts through the JWKS', async () => {
    const signer = await loadSigningKey(db);
    const token = await signer.sign({ userId: 'u-1', accountId: 'acct-1', role: 'merchant' }, 3600);
    const response = await fetch(`${other.url}/api/probe/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId: 'u-1', accountId: 'acct-1', role: 'merchant' });
  });

  it('has a tampered token refused by the other service', async () => {
    const signer = await loadSigningKey(db);
    const token = await signer.sign({ userId: 'u-1', accountId: 'acct-1', role: 'merchant' }, 3600);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, accountId: 'acct-2' })).toString(
      'base64url',
    );
    const response = await fetch(`${other.url}/api/probe/me`, {
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(response.status).toBe(401);
  });

  it('answers readiness with its database and NATS checked', async () => {
    const response = await fetch(`${auth.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', service: 'svc-auth' });
  });
});
