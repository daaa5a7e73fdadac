import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@onvelope/contracts';
import { startService, type StartedService } from '@onvelope/testkit';
import { serviceConfigSchema, type Env } from '../src/config/index.js';
import { createService } from '../src/http/index.js';

// Issue 32 §11: under `npm start` every service listened on all interfaces and believed any
// caller's X-Forwarded-For, so its per-address limits were bypassed by calling it directly.

const whereFrom = defineRoute({
  method: 'GET',
  path: '/api/test/where-from',
  service: 'svc-orders',
  access: 'public',
  source: 'implied',
  summary: 'where the service thinks a call comes from',
  schemas: {},
});

const startKitService = (env: Env) =>
  createService({
    name: 'svc-orders',
    env,
    configSchema: serviceConfigSchema({ port: 0, database: 'kit_forwarded' }, {}),
    setup: async ({ routes }) => {
      routes.handle(whereFrom, async (ctx) => ({
        ip: ctx.ip,
        protocol: ctx.protocol,
        secretSeen: ctx.get('x-gateway-secret') || null,
      }));
    },
  });

const secret = 'the-secret-the-gateway-sends-with-each-call';
const forged = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };

/** An address of this machine that is not loopback, to call from "another machine". */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

const portOf = (service: StartedService) => new URL(service.url).port;

async function whereFromSeen(
  host: string,
  service: StartedService,
  headers: Record<string, string>,
) {
  const answer = await fetch(`http://${host}:${portOf(service)}/api/test/where-from`, { headers });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { ip: string; protocol: string; secretSeen: string | null };
}

const loopback = /^(::ffff:)?127\.0\.0\.1$/;

describe('where a service listens', () => {
  it.skipIf(!outsideAddress)('is the loopback only, unless HOST says otherwise', async () => {
    const service = await startService(startKitService);
    try {
      expect((await whereFromSeen('127.0.0.1', service, {})).ip).toMatch(loopback);
      await expect(fetch(`http://${outsideAddress}:${portOf(service)}/healthz`)).rejects.toThrow();
    } finally {
      await service.close();
    }
  });

  it.skipIf(!outsideAddress)('is every interface with HOST=0.0.0.0 (containers)', async () => {
    const service = await startService(startKitService, { HOST: '0.0.0.0' });
    try {
      expect((await fetch(`http://${outsideAddress}:${portOf(service)}/healthz`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe('forwarded headers, with GATEWAY_SECRET set', () => {
  let service: StartedService;
  beforeAll(async () => {
    service = await startService(startKitService, { HOST: '0.0.0.0', GATEWAY_SECRET: secret });
  });
  afterAll(() => service.close());

  it('are believed on a call that carries the secret, and the secret goes no further', async () => {
    const seen = await whereFromSeen('127.0.0.1', service, {
      ...forged,
      'x-gateway-secret': secret,
    });
    expect(seen).toEqual({ ip: '203.0.113.9', protocol: 'https', secretSeen: null });
  });

  it('are dropped from any other call, the loopback’s included', async () => {
    for (const headers of [forged, { ...forged, 'x-gateway-secret': 'not-the-secret-at-all' }]) {
      const seen = await whereFromSeen('127.0.0.1', service, headers);
      expect(seen.ip).toMatch(loopback);
      expect(seen.protocol).toBe('http');
    }
  });
});

describe('forwarded headers, without GATEWAY_SECRET outside production', () => {
  let service: StartedService;
  beforeAll(async () => {
    service = await startService(startKitService, { HOST: '0.0.0.0' });
  });
  afterAll(() => service.close());

  it('are believed from the loopback (a gateway on the same machine)', async () => {
    expect(await whereFromSeen('127.0.0.1', service, forged)).toMatchObject({
      ip: '203.0.113.9',
      protocol: 'https',
    });
  });

  it.skipIf(!outsideAddress)('are dropped from any other address', async () => {
    const seen = await whereFromSeen(outsideAddress!, service, forged);
    expect(seen.ip).toMatch(new RegExp(`^(::ffff:)?${outsideAddress!.replaceAll('.', '\\.')}$`));
    expect(seen.protocol).toBe('http');
  });
});

describe('GATEWAY_SECRET in production', () => {
  it('is required: a service does not start without it', async () => {
    await expect(startService(startKitService, { NODE_ENV: 'production' })).rejects.toThrow(
      /GATEWAY_SECRET: is required in production/,
    );
  });
});
