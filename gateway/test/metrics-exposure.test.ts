import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '@onvelope/contracts';
import { serviceConfigSchema } from '@onvelope/service-kit/config';
import { createService, type RunningService } from '@onvelope/service-kit/http';
import { startService, type StartedService } from '@onvelope/testkit';
import { rawRequest, serviceUrlVariables, startTestGateway } from './support.js';

// Issue 32 §3: /metrics was open to anyone on the gateway's public port, uncompressed (925 KB), and
// rendered anew for every scrape.

const token = 'a-long-enough-scrape-token';
const gatewaySecret = 'a-secret-the-gateway-and-services-share';
/** GET with the path exactly as given (URL parsing would resolve its dot segments first). */
function getRawPath(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const call = request({ hostname, port, path }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An address of this machine that is not loopback, to call from "another machine". */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('the gateway’s /metrics in production', () => {
  let gateway: RunningService;

  beforeAll(async () => {
    gateway = await startTestGateway({ NODE_ENV: 'production', GATEWAY_SECRET: gatewaySecret });
  });
  afterAll(() => gateway.close());

  it('is refused to every caller when no METRICS_TOKEN is set, the loopback included', async () => {
    for (const method of ['GET', 'HEAD']) {
      for (const path of ['/metrics', '/metrics?format=text']) {
        const answer = await rawRequest(`${gateway.url}${path}`, {}, method);
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.toString()).not.toContain('nodejs_version_info');
      }
    }
    const answer = await fetch(`${gateway.url}/metrics`);
    expect(await answer.json()).toEqual({ error: 'A metrics token is required' });
  });

  it('has no other path that serves it', async () => {
    for (const path of ['/metrics/', '//metrics', '/METRICS', '/%6Detrics', '/api/../metrics']) {
      const answer = await getRawPath(gateway.url, path);
      expect(answer.body, path).not.toContain('nodejs_version_info');
    }
  });
});

describe('the gateway’s /metrics with a token', () => {
  let gateway: RunningService;
  const scrape = (headers: Record<string, string> = {}) =>
    rawRequest(`${gateway.url}/metrics`, { authorization: `Bearer ${token}`, ...headers });

  beforeAll(async () => {
    gateway = await startTestGateway({
      NODE_ENV: 'production',
      GATEWAY_SECRET: gatewaySecret,
      METRICS_TOKEN: token,
    });
  });
  afterAll(() => gateway.close());

  it('is gzipped for a scraper that accepts it, and plain for one that does not', async () => {
    const zipped = await scrape({ 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    const text = gunzipSync(zipped.body).toString();
    expect(text).toContain('http_requests_total');
    expect(zipped.body.length).toBeLessThan(text.length / 4);

    const plain = await scrape();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('text/plain');
    expect(plain.body.toString()).toContain('http_requests_total');
  });

  it('renders once for scrapes that come together, and again after a second', async () => {
    await sleep(1_100);
    const together = await Promise.all(Array.from({ length: 8 }, () => scrape()));
    const first = together[0]!.body.toString();
    for (const answer of together) expect(answer.body.toString()).toBe(first);

    // Counted after the first rendering: not in it, nor in a scrape within the second...
    await fetch(`${gateway.url}/healthz`);
    const healthzCount = /http_requests_total\{method="GET",route="\/healthz"[^}]*\} (\d+)/;
    expect((await scrape()).body.toString()).toBe(first);
    // ...but in the next rendering.
    await sleep(1_100);
    expect(healthzCount.exec((await scrape()).body.toString())?.[1]).toBe('1');
  });
});

describe('the gateway’s /metrics outside production without a token', () => {
  let gateway: RunningService;

  beforeAll(async () => {
    gateway = await startTestGateway({ HOST: '0.0.0.0' });
  });
  afterAll(() => gateway.close());

  it('is served to a scraper on this machine', async () => {
    const answer = await rawRequest(`http://127.0.0.1:${gateway.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('http_requests_total');
  });

  it.skipIf(!outsideAddress)(
    'is refused to a caller from another address, whatever X-Forwarded-For says',
    async () => {
      const answer = await rawRequest(`http://${outsideAddress}:${gateway.port}/metrics`, {
        'x-forwarded-for': '127.0.0.1',
      });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body.toString())).toEqual({ error: 'A metrics token is required' });
    },
  );
});

describe('a service’s /metrics through the gateway', () => {
  let service: StartedService;
  let gateway: RunningService;

  beforeAll(async () => {
    service = await startService((env) =>
      createService({
        name: 'svc-orders',
        env,
        configSchema: serviceConfigSchema({ port: 0, database: 'metrics_probe' }, {}),
      }),
    );
    // Every service is this one, so any route of the table reaches a real service-kit app.
    gateway = await startTestGateway(
      Object.fromEntries(serviceUrlVariables.map((name) => [name, service.url])),
    );
  });
  afterAll(async () => {
    await gateway.close();
    await service.close();
  });

  it('is never reached, by dot segments or encoded slashes in any route’s parameters', async () => {
    expect((await fetch(`${service.url}/metrics`)).status).toBe(200);
    const climbs = ['..', '%2e%2e', '..%2F..%2F..%2F..%2Fmetrics', '%2e%2e%2f%2e%2e%2fmetrics'];
    const paths = [
      '/api/metrics',
      '/auth/metrics',
      '/api/../metrics',
      '/auth/../metrics',
      '/api/%2e%2e/metrics',
      ...routeTable
        .filter((route) => route.method === 'GET' && route.path.includes('{'))
        .flatMap((route) =>
          climbs.map((climb) => route.path.replace(/\{[^}]+\}/g, climb) + '/../metrics'),
        ),
      ...routeTable
        .filter((route) => route.method === 'GET' && route.path.includes('{'))
        .flatMap((route) => climbs.map((climb) => route.path.replace(/\{[^}]+\}/g, climb))),
    ];
    for (const path of paths) {
      const answer = await getRawPath(gateway.url, path);
      expect(answer.body, path).not.toContain('service="svc-orders"');
    }
  });
});
