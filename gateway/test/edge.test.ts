import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@onvelope/service-kit/http';
import { apiDocsStyle } from '../src/api-docs.js';
import { echo, rawRequest, startStandIn, startTestGateway, type StandIn } from './support.js';

const bigJson = JSON.stringify({
  entries: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Order ${index}` })),
});
const csv = 'order,item\n'.padEnd(8_000, 'x');

/** A service that answers by path: big or small JSON, a CSV download, or what it received. */
function orders(req: IncomingMessage, res: ServerResponse): void {
  if (req.url?.startsWith('/api/upload/tracking-entries')) {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(bigJson);
  } else if (req.url?.startsWith('/api/upload/summary')) {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  } else if (req.url?.startsWith('/api/reports/export')) {
    res.setHeader('content-type', 'text/csv');
    res.setHeader('content-disposition', 'attachment; filename="report.csv"');
    res.end(csv);
  } else {
    echo(req, res);
  }
}

describe('the edge: security headers, compression, trace context and metrics', () => {
  let gateway: RunningService;
  let service: StandIn;
  let staticRoot: string;

  beforeAll(async () => {
    staticRoot = await mkdtemp(join(tmpdir(), 'gateway-edge-'));
    await mkdir(join(staticRoot, 'shell', 'dist'), { recursive: true });
    await writeFile(
      join(staticRoot, 'shell', 'dist', 'index.html'),
      '<!doctype html><title>shell</title><div id="root"></div>',
    );
    service = await startStandIn(orders);
    gateway = await startTestGateway({
      ORDERS_SERVICE_URL: service.url,
      SERVE_FRONTENDS: 'true',
      STATIC_DIR: staticRoot,
      REMOTE_MERCHANT_URL: 'https://cdn.example.com/merchant/mf-manifest.json',
    });
  });

  afterAll(async () => {
    await gateway.close();
    await service.close();
    await rm(staticRoot, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it('puts them on pages, API answers and errors alike', async () => {
      for (const path of ['/', '/api/upload/summary', '/api/no-such-thing']) {
        const answer = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
        expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
        expect(answer.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
        expect(answer.headers.get('content-security-policy'), path).toContain(
          "frame-ancestors 'none'",
        );
      }
    });

    it('allows scripts from the site itself and from a remote on another origin, and nothing inline', async () => {
      const policy = (await fetch(`${gateway.url}/`)).headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        policy.split('; ').map((directive) => {
          const [name, ...sources] = directive.split(' ');
          return [name, sources];
        }),
      );
      expect(directives['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
      expect(directives['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      expect(directives['img-src']).toContain('data:');
    });

    it("loads the store-fronts' product pictures over https, and no picture over plain http", async () => {
      const policy = (await fetch(`${gateway.url}/`)).headers.get('content-security-policy') ?? '';
      const images = /img-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
      expect(images).toContain('https:');
      expect(images).not.toContain('http:');
      expect(images).not.toContain('*');
    });

    it('allows the API docs page its one inline style by hash', async () => {
      const answer = await fetch(`${gateway.url}/api/docs?format=html`);
      const page = await answer.text();
      const style = /<style>(.*)<\/style>/.exec(page)?.[1];
      expect(style).toBe(apiDocsStyle);
      const hash = createHash('sha256').update(apiDocsStyle).digest('base64');
      expect(answer.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    });

    it('serves the interactive API reference with its Redoc bundle from the gateway itself', async () => {
      const page = await (await fetch(`${gateway.url}/api/docs?format=html`)).text();
      const bundle = /<script src="([^"]+)"/.exec(page)?.[1]?.replaceAll('&#38;', '&');
      expect(bundle).toMatch(/^\/api\/docs\?asset=redoc&v=/);
      const script = await fetch(`${gateway.url}${bundle}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect((await script.text()).length).toBeGreaterThan(100_000);
    });

    it('sends no HSTS over plain HTTP, and ignores a forwarded https from an untrusted caller', async () => {
      const plain = await fetch(`${gateway.url}/healthz`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      const forged = await fetch(`${gateway.url}/healthz`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers.get('strict-transport-security')).toBeNull();
    });
  });

  describe('compression of API answers', () => {
    it('sends a JSON answer of 1 KiB or more brotli-compressed to a client that accepts br', async () => {
      const answer = await rawRequest(`${gateway.url}/api/upload/tracking-entries`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-length']).toBeUndefined();
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.body.length).toBeLessThan(bigJson.length / 2);
      expect(brotliDecompressSync(answer.body).toString()).toBe(bigJson);
    });

    it('sends gzip to a client that accepts only gzip, and plain JSON to one that accepts neither', async () => {
      const zipped = await rawRequest(`${gateway.url}/api/upload/tracking-entries`, {
        'accept-encoding': 'gzip',
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.body).toString()).toBe(bigJson);
      const plain = await rawRequest(`${gateway.url}/api/upload/tracking-entries`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(bigJson);
    });

    it('leaves small JSON answers and file downloads as they are', async () => {
      const small = await rawRequest(`${gateway.url}/api/upload/summary`, {
        'accept-encoding': 'br, gzip',
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.toString()).toBe('{"ok":true}');
      const download = await rawRequest(
        `${gateway.url}/api/reports/export`,
        { 'accept-encoding': 'br, gzip' },
        'POST',
      );
      expect(download.headers['content-encoding']).toBeUndefined();
      expect(download.headers['content-length']).toBe(String(csv.length));
      expect(download.body.toString()).toBe(csv);
    });

    it('compresses the gateway’s own large JSON (the OpenAPI document)', async () => {
      const answer = await rawRequest(`${gateway.url}/api/docs`, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toContain('application/json');
      const document = JSON.parse(brotliDecompressSync(answer.body).toString()) as {
        openapi: string;
      };
      expect(document.openapi).toBe('3.1.0');
    });
  });

  describe('trace context', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

    it('continues the caller’s trace towards the service in a span of its own', async () => {
      const answer = await fetch(`${gateway.url}/api/keyword-rules`, {
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, tracestate: 'vendor=1' },
      });
      const seen = (await answer.json()) as { headers: Record<string, string> };
      const [version, tracedId, spanId, flags] = seen.headers.traceparent?.split('-') ?? [];
      expect([version, tracedId, flags]).toEqual(['00', traceId, '01']);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(spanId).not.toBe('00f067aa0ba902b7');
      expect(seen.headers.tracestate).toBe('vendor=1');
    });

    it('starts a trace for a call that brings none, or brings a broken one', async () => {
      const cases: Record<string, string>[] = [{}, { traceparent: 'garbage' }];
      for (const headers of cases) {
        const answer = await fetch(`${gateway.url}/api/keyword-rules`, { headers });
        const seen = (await answer.json()) as { headers: Record<string, string> };
        expect(seen.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      }
    });
  });

  describe('metrics', () => {
    it('counts requests by route template and status, and times the services', async () => {
      await fetch(`${gateway.url}/api/keyword-rules/rule-1`, { method: 'DELETE' });
      await fetch(`${gateway.url}/api/keyword-rules/rule-2`, { method: 'DELETE' });
      await fetch(`${gateway.url}/api/not-a-route-7`);
      await fetch(`${gateway.url}/`);
      const answer = await fetch(`${gateway.url}/metrics`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text).toMatch(
        /http_requests_total\{method="DELETE",route="\/api\/keyword-rules\/\{id\}",status="200",service="gateway"\} 2/,
      );
      expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"/);
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/\*",status="200"/);
      expect(text).not.toContain('rule-1');
      expect(text).not.toContain('not-a-route-7');
      expect(text).toMatch(
        /upstream_request_duration_seconds_count\{[^}]*service="svc-orders"[^}]*\} \d+/,
      );
      expect(text).toContain('process_resident_memory_bytes');
    });
  });
});

describe('the edge behind a trusted load balancer', () => {
  let gateway: RunningService;

  beforeAll(async () => {
    gateway = await startTestGateway({
      TRUST_PROXY: 'true',
      METRICS_TOKEN: 'a-long-enough-scrape-token',
    });
  });
  afterAll(() => gateway.close());

  it('sends HSTS when the load balancer says the request came over TLS', async () => {
    const secure = await fetch(`${gateway.url}/healthz`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const plain = await fetch(`${gateway.url}/healthz`, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('asks for the metrics token when one is set', async () => {
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${gateway.url}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${gateway.url}/metrics`, {
      headers: { authorization: 'Bearer a-long-enough-scrape-token' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('http_requests_total');
  });
});
