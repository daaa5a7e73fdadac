import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '@onvelope/contracts';
import type { RunningService } from '@onvelope/service-kit/http';
import { testInfra } from '@onvelope/testkit';
import { echo, startStandIn, startTestGateway, type StandIn } from './support.js';

const tagged = (service: string) => (req: IncomingMessage, res: ServerResponse) => {
  res.setHeader('x-served-by', service);
  echo(req, res);
};

describe('routing API calls by the route table', () => {
  let gateway: RunningService;
  const standIns: StandIn[] = [];

  beforeAll(async () => {
    const auth = await startStandIn(tagged('svc-auth'));
    const orders = await startStandIn(tagged('svc-orders'));
    const resetting = await startStandIn((req) => req.socket.destroy());
    const silent = await startStandIn(() => undefined);
    standIns.push(auth, orders, resetting, silent);
    gateway = await startTestGateway({
      AUTH_SERVICE_URL: auth.url,
      ORDERS_SERVICE_URL: orders.url,
      BILLING_SERVICE_URL: resetting.url,
      ANALYTICS_SERVICE_URL: silent.url,
      UPSTREAM_TIMEOUT_MS: '300',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all(standIns.map((standIn) => standIn.close()));
  });

  it('forwards a call to its owning service with the same method, path, query, headers and body', async () => {
    const answer = await fetch(`${gateway.url}/api/keyword-rules/rule-7?dryRun=1&name=a%20b`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer t0ken',
        'x-custom': 'kept',
      },
      body: JSON.stringify({ keyword: 'gift' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-served-by')).toBe('svc-orders');
    const seen = (await answer.json()) as {
      method: string;
      url: string;
      headers: Record<string, string>;
      bodyBytes: number;
    };
    expect(seen.method).toBe('PUT');
    expect(seen.url).toBe('/api/keyword-rules/rule-7?dryRun=1&name=a%20b');
    expect(seen.bodyBytes).toBe(JSON.stringify({ keyword: 'gift' }).length);
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer t0ken',
      'x-custom': 'kept',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(gateway.url).host,
    });
    expect(seen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('x-request-id')).toBe(seen.headers['x-request-id']);
  });

  it('sends /auth calls to svc-auth and keeps the caller’s request id', async () => {
    const answer = await fetch(`${gateway.url}/auth/profile`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(answer.headers.get('x-served-by')).toBe('svc-auth');
    expect(answer.headers.get('x-request-id')).toBe('trace-42');
    const seen = (await answer.json()) as { headers: Record<string, string> };
    expect(seen.headers['x-request-id']).toBe('trace-42');
  });

  it('does not let a caller forge X-Forwarded-For when no trusted proxy is configured', async () => {
    const answer = await fetch(`${gateway.url}/api/upload/summary`, {
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    const seen = (await answer.json()) as { headers: Record<string, string> };
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('never passes on a caller’s X-Gateway-Secret', async () => {
    const answer = await fetch(`${gateway.url}/api/upload/summary`, {
      headers: { 'x-gateway-secret': 'forged-by-the-caller' },
    });
    const seen = (await answer.json()) as { headers: Record<string, string> };
    expect(seen.headers['x-gateway-secret']).toBeUndefined();
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const answer = await fetch(`${gateway.url}/api/no-such-thing`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.json()).toEqual({
      error: 'Not found',
      details: [{ message: 'No API route GET /api/no-such-thing' }],
    });
  });

  it('answers a known path called with another method with 405 JSON naming the allowed methods', async () => {
    const answer = await fetch(`${gateway.url}/api/customer/lookup`, { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(await answer.json()).toMatchObject({ error: 'Method not allowed' });
  });

  it('answers 503 JSON when the owning service refuses the connection', async () => {
    const answer = await fetch(`${gateway.url}/api/bigcartel/connections`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: 'Service unavailable',
      details: [{ message: 'svc-sync is not reachable' }],
    });
  });

  it('answers 502 JSON when the service drops the connection without answering', async () => {
    const answer = await fetch(`${gateway.url}/api/payments/plans`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({
      error: 'Bad gateway',
      details: [{ message: 'svc-billing failed to answer' }],
    });
  });

  it('answers 504 JSON when the service stays silent past the upstream timeout', async () => {
    const answer = await fetch(`${gateway.url}/api/analytics/peak-times`);
    expect(answer.status).toBe(504);
    expect(await answer.json()).toEqual({
      error: 'Gateway timeout',
      details: [{ message: 'svc-analytics did not answer in time' }],
    });
  });

  it('serves OpenAPI at /api/docs with every route of the contracts', async () => {
    const answer = await fetch(`${gateway.url}/api/docs`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const route of routeTable) {
      expect(
        document.paths[route.path]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
  });

  it('serves a readable HTML list of the routes at /api/docs?format=html', async () => {
    const answer = await fetch(`${gateway.url}/api/docs?format=html`);
    expect(answer.headers.get('content-type')).toContain('text/html');
    const page = await answer.text();
    for (const route of routeTable) expect(page).toContain(`<code>${route.path}</code>`);
  });
});

describe('CORS', () => {
  let gateway: RunningService;
  let orders: StandIn;

  beforeAll(async () => {
    orders = await startStandIn(echo);
    gateway = await startTestGateway({
      ORDERS_SERVICE_URL: orders.url,
      CORS_ORIGINS: 'http://localhost:3000, https://app.example.com',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await orders.close();
  });

  it('allows a preflight from a configured origin without reaching the service', async () => {
    const answer = await fetch(`${gateway.url}/api/keyword-rules`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('refuses a preflight from any other origin with 403 and no CORS headers', async () => {
    const answer = await fetch(`${gateway.url}/api/keyword-rules`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await answer.json()).toMatchObject({ error: 'Origin not allowed' });
  });

  it('lets a configured origin read the answer and its request id', async () => {
    const answer = await fetch(`${gateway.url}/api/keyword-rules`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });

  it('gives another origin’s simple request no CORS headers, so its browser withholds the answer', async () => {
    const answer = await fetch(`${gateway.url}/api/keyword-rules`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('body size limit', () => {
  let gateway: RunningService;
  let orders: StandIn;

  beforeAll(async () => {
    orders = await startStandIn(echo);
    gateway = await startTestGateway({ ORDERS_SERVICE_URL: orders.url, BODY_LIMIT_BYTES: '1024' });
  });

  afterAll(async () => {
    await gateway.close();
    await orders.close();
  });

  it('passes a body within the limit', async () => {
    const answer = await fetch(`${gateway.url}/api/upload/csv`, {
      method: 'POST',
      body: 'x'.repeat(1024),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ bodyBytes: 1024 });
  });

  it('refuses a body whose declared length is over the limit with 413 JSON', async () => {
    const answer = await fetch(`${gateway.url}/api/upload/csv`, {
      method: 'POST',
      body: 'x'.repeat(2000),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({
      error: 'Request body too large',
      details: [{ message: 'The largest accepted request body is 1 KB' }],
    });
  });

  it('refuses a chunked body with 413 JSON once the streamed bytes pass the limit', async () => {
    const chunks = [Buffer.alloc(700, 1), Buffer.alloc(700, 2), Buffer.alloc(700, 3)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const answer = await fetch(`${gateway.url}/api/upload/csv`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: 'Request body too large' });
  });
});

describe('rate limits', () => {
  let gateway: RunningService;
  const standIns: StandIn[] = [];

  beforeAll(async () => {
    const auth = await startStandIn(echo);
    const orders = await startStandIn(echo);
    const billing = await startStandIn(echo);
    standIns.push(auth, orders, billing);
    gateway = await startTestGateway({
      AUTH_SERVICE_URL: auth.url,
      ORDERS_SERVICE_URL: orders.url,
      BILLING_SERVICE_URL: billing.url,
      SIGN_IN_RATE_LIMIT: '3',
      LOOKUP_RATE_LIMIT: '2',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all(standIns.map((standIn) => standIn.close()));
  });

  const post = (path: string) =>
    fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

  it('answers 429 with Retry-After once an address passes the sign-in limit, across seller and buyer sign-in', async () => {
    const statuses = [];
    for (const path of ['/auth/login', '/api/customer-auth/login', '/auth/login'])
      statuses.push((await post(path)).status);
    expect(statuses).toEqual([200, 200, 200]);

    for (const path of ['/auth/login', '/api/customer-auth/login']) {
      const refused = await post(path);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        error: `Too many sign-in attempts. Please try again in ${retryAfter} seconds.`,
      });
    }
  });

  it('answers 429 once an address passes the public lookup limit', async () => {
    expect((await post('/api/customer/lookup')).status).toBe(200);
    expect((await post('/api/customer/lookup')).status).toBe(200);
    const refused = await post('/api/customer/lookup');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Too many order lookups\. Please try again in \d+ seconds\.$/,
    );
  });

  it('does not limit other calls', async () => {
    for (let call = 0; call < 5; call += 1) {
      expect((await fetch(`${gateway.url}/api/payments/plans`)).status).toBe(200);
    }
  });
});

describe('behind a trusted proxy', () => {
  it('limits by the client address the proxy forwarded, and passes on that address alone', async () => {
    const auth = await startStandIn(echo);
    const gateway = await startTestGateway({
      AUTH_SERVICE_URL: auth.url,
      TRUST_PROXY: 'true',
      SIGN_IN_RATE_LIMIT: '1',
    });
    const login = (client: string) =>
      fetch(`${gateway.url}/auth/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': client },
        body: '{}',
      });
    try {
      const first = await login('203.0.113.7');
      expect(first.status).toBe(200);
      const seen = (await first.json()) as { headers: Record<string, string> };
      // The one address the gateway limits by, so the service limits by the same one.
      expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7');
      expect((await login('203.0.113.7')).status).toBe(429);
      expect((await login('198.51.100.2')).status).toBe(200);
      // What a caller wrote before the load balancer's entry never reaches a service as the
      // caller's address (Koa's ctx.ip would take the first entry).
      const forging = await login('6.6.6.6, 192.0.2.44');
      const forged = (await forging.json()) as { headers: Record<string, string> };
      expect(forged.headers['x-forwarded-for']).toBe('192.0.2.44');
    } finally {
      await gateway.close();
      await auth.close();
    }
  });
});

describe('with GATEWAY_SECRET set', () => {
  it('sends it with every call, in place of whatever the caller sent', async () => {
    const orders = await startStandIn(echo);
    const secret = 'the-secret-the-services-believe';
    const gateway = await startTestGateway({
      ORDERS_SERVICE_URL: orders.url,
      GATEWAY_SECRET: secret,
    });
    try {
      const asCalled: Record<string, string>[] = [
        {},
        { 'x-gateway-secret': 'forged-by-the-caller' },
      ];
      for (const headers of asCalled) {
        const answer = await fetch(`${gateway.url}/api/upload/summary`, { headers });
        const seen = (await answer.json()) as { headers: Record<string, string> };
        expect(seen.headers['x-gateway-secret']).toBe(secret);
      }
    } finally {
      await gateway.close();
      await orders.close();
    }
  });
});

describe('system health at /api/health', () => {
  const ready = (service: string) => (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'ready', service, checks: [] }));
  };

  it('is 200 ok when every service is ready', async () => {
    const services = await Promise.all(
      ['auth', 'orders', 'sync', 'billing', 'analytics', 'notify'].map((name) =>
        startStandIn(ready(`svc-${name}`)),
      ),
    );
    const [auth, orders, sync, billing, analytics, notify] = services.map((service) => service.url);
    const gateway = await startTestGateway({
      AUTH_SERVICE_URL: auth!,
      ORDERS_SERVICE_URL: orders!,
      SYNC_SERVICE_URL: sync!,
      BILLING_SERVICE_URL: billing!,
      ANALYTICS_SERVICE_URL: analytics!,
      NOTIFY_SERVICE_URL: notify!,
    });
    try {
      const answer = await fetch(`${gateway.url}/api/health`);
      expect(answer.status).toBe(200);
      const health = (await answer.json()) as {
        status: string;
        services: { service: string; status: string }[];
      };
      expect(health.status).toBe('ok');
      expect(health.services.map((entry) => entry.status)).toEqual(Array(6).fill('ready'));
    } finally {
      await gateway.close();
      await Promise.all(services.map((service) => service.close()));
    }
  });

  it('waits for an upload as long as the service stores it, and for any other call only so long', async () => {
    const orders = await startStandIn((req, res) => {
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end('{"success":true}');
        }, 600),
      );
    });
    const gateway = await startTestGateway({
      ORDERS_SERVICE_URL: orders.url,
      UPSTREAM_TIMEOUT_MS: '200',
      UPLOAD_TIMEOUT_MS: '10000',
    });
    try {
      const upload = await fetch(`${gateway.url}/api/upload/csv`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x--\r\n',
      });
      expect(upload.status).toBe(200);
      expect((await fetch(`${gateway.url}/api/upload/summary`)).status).toBe(504);
    } finally {
      await gateway.close();
      await orders.close();
    }
  });

  it('calls a service that answers its readiness too slowly slow, not unreachable', async () => {
    const auth = await startStandIn(ready('svc-auth'));
    const orders = await startStandIn(() => {
      // Never answers: slower than any health check waits.
    });
    const gateway = await startTestGateway({
      AUTH_SERVICE_URL: auth.url,
      ORDERS_SERVICE_URL: orders.url,
      HEALTH_TIMEOUT_MS: '300',
    });
    try {
      const answer = await fetch(`${gateway.url}/api/health`);
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { services: unknown[] }).services.slice(0, 2)).toEqual([
        { service: 'svc-auth', status: 'ready' },
        { service: 'svc-orders', status: 'slow' },
      ]);
    } finally {
      await gateway.close();
      await Promise.all([auth.close(), orders.close()]);
    }
  });

  it('is 503 degraded naming each service that is not ready or not reachable', async () => {
    const auth = await startStandIn(ready('svc-auth'));
    const orders = await startStandIn((req, res) => {
      res.statusCode = 503;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          status: 'not_ready',
          service: 'svc-orders',
          checks: [{ name: 'mongo', ok: false }],
        }),
      );
    });
    const gateway = await startTestGateway({
      AUTH_SERVICE_URL: auth.url,
      ORDERS_SERVICE_URL: orders.url,
    });
    try {
      const answer = await fetch(`${gateway.url}/api/health`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        status: 'degraded',
        services: [
          { service: 'svc-auth', status: 'ready' },
          { service: 'svc-orders', status: 'not_ready' },
          { service: 'svc-sync', status: 'unreachable' },
          { service: 'svc-billing', status: 'unreachable' },
          { service: 'svc-analytics', status: 'unreachable' },
          { service: 'svc-notify', status: 'unreachable' },
        ],
      });
    } finally {
      await gateway.close();
      await Promise.all([auth.close(), orders.close()]);
    }
  });
});

describe('rate limits shared by several gateways', () => {
  it('allows each limit once across two gateways counting in one MongoDB', async () => {
    const auth = await startStandIn(echo);
    const shared = {
      AUTH_SERVICE_URL: auth.url,
      SIGN_IN_RATE_LIMIT: '3',
      RATE_LIMIT_MONGO_URL: testInfra().mongoUrl,
      RATE_LIMIT_MONGO_DB: `gateway-limits-${randomUUID()}`,
    };
    const gateways = [await startTestGateway(shared), await startTestGateway(shared)];
    const login = (gateway: RunningService) =>
      fetch(`${gateway.url}/auth/login`, { method: 'POST', body: '{}' });
    try {
      const statuses = [];
      for (const gateway of [gateways[0]!, gateways[1]!, gateways[0]!, gateways[1]!]) {
        statuses.push((await login(gateway)).status);
      }
      // Counting on their own, each would have allowed three.
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await login(gateways[0]!);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await Promise.all(gateways.map((gateway) => gateway.close()));
      await auth.close();
    }
  });
});
