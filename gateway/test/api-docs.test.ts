import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, webhookEventTypes } from '@onvelope/contracts';
import { apiDocsViewer, apiDocsViewerUrl, serveApiDocs } from '../src/api-docs.js';
import { securityHeaders } from '../src/security-headers.js';

/**
 * Issue 35: `/api/docs` keeps the OpenAPI JSON at its address and adds the interactive reference
 * (Redoc) with its script from the gateway's own origin, under a CSP with no 'unsafe-inline' or
 * 'unsafe-eval'. The handler runs behind the gateway's own security headers, as in the app.
 */
describe('API docs', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = new Koa();
    app.use(securityHeaders({ remotes: [] }));
    app.use(async (ctx, next) => (ctx.path === '/api/docs' ? serveApiDocs(ctx) : next()));
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the OpenAPI document as JSON at /api/docs', async () => {
    const answer = await fetch(`${base}/api/docs`);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const document = (await answer.json()) as { openapi: string; paths: object };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
  });

  it('serves the reference page that loads Redoc from the gateway itself, with the routes listed until it has', async () => {
    expect(apiDocsViewer, 'the redoc package is installed').toBeDefined();
    const answer = await fetch(`${base}/api/docs?format=html`);
    expect(answer.headers.get('content-type')).toContain('text/html');
    const page = await answer.text();
    expect(page).toContain('<redoc spec-url="/api/docs"');
    const script = /<script src="([^"]+)"><\/script>/.exec(page)?.[1]?.replaceAll('&#38;', '&');
    expect(script).toBe(apiDocsViewerUrl(apiDocsViewer!));
    for (const route of routeTable) expect(page).toContain(`<code>${route.path}</code>`);
  });

  it('keeps the page under a CSP that runs only the gateway’s own scripts and fetches no image from elsewhere', async () => {
    const answer = await fetch(`${base}/api/docs?format=html`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => new RegExp(`${name} ([^;]*)`).exec(policy)?.[1];
    expect(directive('script-src')).toBe("'self'");
    expect(directive('img-src')).toBe("'self' data:");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('serves the Redoc bundle compressed, cached for a year under its versioned address', async () => {
    const answer = await fetch(`${base}${apiDocsViewerUrl(apiDocsViewer!)}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/javascript');
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('cache-control')).toContain('immutable');
    expect(await answer.text()).toContain('Redoc');
  });

  it('asks browsers to check again for the bundle under any other version, and sends it plain to one that accepts no compression', async () => {
    const answer = await fetch(`${base}/api/docs?asset=redoc&v=0.0.0`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect((await answer.text()).length).toBeGreaterThan(100_000);
  });

  it('documents every outgoing webhook with its body’s schema and the Standard Webhooks headers', async () => {
    const document = (await (await fetch(`${base}/api/docs`)).json()) as {
      webhooks: Record<string, { post: WebhookOperation }>;
    };
    expect(Object.keys(document.webhooks)).toEqual([...webhookEventTypes, 'webhook.test']);
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      expect(post.parameters.map((header) => [header.name, header.in, header.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      const schema = post.requestBody.content['application/json'].schema;
      expect(schema.properties.type).toEqual({ type: 'string', const: type });
      expect(schema.required).toEqual(['type', 'eventVersion', 'timestamp', 'data']);
    }
    const shipped =
      document.webhooks['order.shipped']!.post.requestBody.content['application/json'];
    expect(shipped.schema.properties.data.properties.order.required).toContain('trackingNumber');
  });

  it('serves a document, webhooks included, with no error under Redocly’s recommended rules', async () => {
    const problems = await lintFromString({
      source: await (await fetch(`${base}/api/docs`)).text(),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const where = (problem: NormalizedProblem) => problem.location[0]?.pointer ?? '';
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${where(problem)}: ${problem.message}`);
    expect(errors).toEqual([]);
    // The webhooks add no warning either.
    const webhookWarnings = problems
      .filter((problem) => where(problem).startsWith('#/webhooks'))
      .map((problem) => `${problem.ruleId} ${where(problem)}: ${problem.message}`);
    expect(webhookWarnings).toEqual([]);
  });
});

interface WebhookOperation {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody: {
    content: {
      'application/json': {
        // JSON Schema, read as plain data.
        schema: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      };
    };
  };
}
