import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@onvelope/contracts';
import { startService } from '@onvelope/testkit';
import { serviceConfigSchema, type Env } from '../src/config/index.js';
import { HttpError } from '../src/errors/index.js';
import { authMessages } from '../src/auth/index.js';
import { createService } from '../src/http/index.js';
import { startJwksServer } from './helpers.js';

const echo = defineRoute({
  method: 'POST',
  path: '/api/test/echo/{id}',
  service: 'svc-orders',
  access: 'public',
  source: 'implied',
  summary: 'echo',
  schemas: {
    params: z.object({ id: z.string().regex(/^\d+$/, 'id must be a number') }),
    body: z.object({ name: z.string().min(1, 'Name is required'), count: z.number().int() }),
  },
});
const whoAmI = defineRoute({
  method: 'GET',
  path: '/api/test/me',
  service: 'svc-orders',
  access: 'merchant',
  // A probe of token checks, not of the paid workspace (billing-access tests cover that gate).
  openWithoutSubscription: true,
  source: 'implied',
  summary: 'me',
  schemas: {},
});
const buyerOnly = defineRoute({
  method: 'GET',
  path: '/api/test/buyer',
  service: 'svc-orders',
  access: 'customer',
  source: 'implied',
  summary: 'buyer',
  schemas: {},
});
const boom = defineRoute({
  method: 'GET',
  path: '/api/test/boom',
  service: 'svc-orders',
  access: 'public',
  source: 'implied',
  summary: 'boom',
  schemas: {},
});
const teapot = defineRoute({
  method: 'GET',
  path: '/api/test/teapot',
  service: 'svc-orders',
  access: 'public',
  source: 'implied',
  summary: 'teapot',
  schemas: {},
});
const slow = defineRoute({
  method: 'GET',
  path: '/api/test/slow',
  service: 'svc-orders',
  access: 'public',
  source: 'implied',
  summary: 'slow',
  schemas: {},
});

const configSchema = serviceConfigSchema({ port: 0, database: 'kit_test' }, {});
let readyCheckFails = false;

const startKitService = (env: Env) =>
  createService({
    name: 'svc-orders',
    env,
    configSchema,
    setup: async ({ routes }) => {
      routes.handle(echo, async (_ctx, { params, body }) => ({
        id: params.id,
        name: body.name,
        count: body.count,
      }));
      routes.handle(whoAmI, async (ctx) => ctx.state.auth);
      routes.handle(buyerOnly, async () => ({ ok: true }));
      routes.handle(boom, async () => {
        throw new Error('database password is hunter2');
      });
      routes.handle(teapot, async () => {
        throw new HttpError(409, 'Order already shipped', [{ message: 'status is shipped' }]);
      });
      routes.handle(slow, async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { finished: true };
      });
      return {
        readiness: [
          {
            name: 'custom',
            check: async () => {
              if (readyCheckFails) throw new Error('custom down');
            },
          },
        ],
      };
    },
  });

describe('createService', () => {
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let service: Awaited<ReturnType<typeof startService>>;
  const claims = { userId: 'u1', accountId: 'a1', role: 'merchant' };

  beforeAll(async () => {
    jwks = await startJwksServer();
    service = await startService(startKitService, { AUTH_JWKS_URL: jwks.url });
  });
  afterAll(async () => {
    await service.close();
    await jwks.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(service.url + path, { headers });
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(service.url + path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('answers liveness and readiness with MongoDB and NATS checked', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', service: 'svc-orders' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as {
      status: string;
      checks: { name: string; ok: boolean }[];
    };
    expect(body.status).toBe('ready');
    expect(body.checks.map((c) => c.name)).toEqual(['mongodb', 'nats', 'custom']);
  });

  it('answers 503 from /readyz when a readiness check fails', async () => {
    readyCheckFails = true;
    try {
      const ready = await get('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        status: 'not_ready',
        checks: expect.arrayContaining([{ name: 'custom', ok: false, message: 'custom down' }]),
      });
    } finally {
      readyCheckFails = false;
    }
  });

  it('echoes the caller request id, or makes one', async () => {
    expect((await get('/healthz', { 'x-request-id': 'abc-123' })).headers.get('x-request-id')).toBe(
      'abc-123',
    );
    expect((await get('/healthz')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes a valid request to the handler with parsed input', async () => {
    const response = await post('/api/test/echo/42', JSON.stringify({ name: 'Ann', count: 2 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '42', name: 'Ann', count: 2 });
  });

  it('refuses a request that breaks its contract with 400 and a detail per field', async () => {
    const response = await post('/api/test/echo/x', JSON.stringify({ name: '', count: 1.5 }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: string;
      details: { path: string; message: string }[];
    };
    expect(body.error).toBe('Validation failed');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'params.id', message: 'id must be a number' },
        { path: 'body.name', message: 'Name is required' },
        expect.objectContaining({ path: 'body.count' }),
      ]),
    );
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await post('/api/test/echo/1', '{"name": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('error');
  });

  it('refuses a JSON body sent as another type with 415, rather than reading it as no body', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await post('/api/test/echo/1', '{"name":"Ann","count":2}', {
        'content-type': type,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: 'The request body must be JSON, sent with Content-Type: application/json',
      });
    }
    const json = await post('/api/test/echo/1', '{"name":"Ann","count":2}', {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(json.status).toBe(200);
  });

  it('sends an HttpError with its status and details', async () => {
    const response = await get('/api/test/teapot');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'Order already shipped',
      details: [{ message: 'status is shipped' }],
    });
  });

  it('hides the message and stack of an unexpected error', async () => {
    const response = await get('/api/test/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error' });
    expect(text).not.toContain('hunter2');
  });

  it('answers 404 JSON for a path it does not serve', async () => {
    const response = await get('/api/test/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  describe('bearer-token auth', () => {
    it('puts userId, accountId and role of a valid token on the request', async () => {
      const token = await jwks.sign(claims);
      const response = await get('/api/test/me', { authorization: `Bearer ${token}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ userId: 'u1', accountId: 'a1', role: 'merchant' });
    });

    it('refuses a missing token with the spec message', async () => {
      const response = await get('/api/test/me');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: authMessages.missing });
    });

    it('refuses an expired token', async () => {
      const token = await jwks.sign(claims, Math.floor(Date.now() / 1000) - 60);
      const response = await get('/api/test/me', { authorization: `Bearer ${token}` });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: authMessages.expired });
    });

    it.each([
      ['malformed', async () => 'not.a.token'],
      ['signed by another key', async () => jwks.sign(claims, '1h', await jwks.otherKey())],
      [
        'tampered',
        async () => {
          const [header, , signature] = (await jwks.sign(claims)).split('.');
          const forged = Buffer.from(
            JSON.stringify({ ...claims, accountId: 'someone-else', exp: 9999999999 }),
          ).toString('base64url');
          return `${header}.${forged}.${signature}`;
        },
      ],
      ['missing the account', async () => jwks.sign({ userId: 'u1', role: 'merchant' })],
    ])('refuses a %s token', async (_name, makeToken) => {
      const response = await get('/api/test/me', { authorization: `Bearer ${await makeToken()}` });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: authMessages.invalid });
    });

    it("refuses a seller's token on a buyer route with 403", async () => {
      const token = await jwks.sign(claims);
      const response = await get('/api/test/buyer', { authorization: `Bearer ${token}` });
      expect(response.status).toBe(403);
    });

    it('fetches the key set once and serves later requests from its cache', async () => {
      for (let i = 0; i < 5; i += 1) {
        const token = await jwks.sign({ ...claims, userId: `u${i}` });
        expect((await get('/api/test/me', { authorization: `Bearer ${token}` })).status).toBe(200);
      }
      expect(jwks.fetches()).toBe(1);
    });
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, then stops accepting', async () => {
    const service = await startService(startKitService);
    const inFlight = fetch(`${service.url}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = service.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });
});
