import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/security-headers.js';

const dockerfile = new URL('../../Dockerfile', import.meta.url);

/** The `add_header` lines of the nginx configuration the Dockerfile's `web` stage writes. */
async function webImageHeaders(): Promise<Map<string, string>> {
  const text = await readFile(dockerfile, 'utf8');
  const stage = text.slice(text.indexOf('FROM static AS web'));
  const config = stage.slice(0, stage.indexOf('\nEOF\n'));
  const headers = new Map<string, string>();
  for (const [, name, value] of config.matchAll(/^\s*add_header (\S+) "([^"]*)" always;$/gm)) {
    headers.set(name!.toLowerCase(), value!);
  }
  return headers;
}

/**
 * Issue 36: the `web` image (nginx serving the shell and the remotes from one origin, for when the
 * gateway stops serving files) sends the same security headers as the gateway does for a page.
 */
describe('the web image', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = new Koa();
    // Same origin for every remote, as the web image serves them under /mf/<name>/.
    app.use(securityHeaders({ remotes: [] }));
    app.use((ctx) => {
      ctx.type = 'html';
      ctx.body = '<!doctype html>';
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends the gateway's CSP, framing, sniffing, referrer and opener headers", async () => {
    const page = await fetch(`${base}/dashboard`);
    const nginx = await webImageHeaders();
    const names = [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ];
    for (const name of names) {
      expect(page.headers.get(name), name).toBeTruthy();
      expect(nginx.get(name), name).toBe(page.headers.get(name));
    }
  });
});
