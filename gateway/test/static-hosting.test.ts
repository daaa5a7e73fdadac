import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@onvelope/service-kit/http';
import { startTestGateway } from './support.js';

// Big enough to be worth compressing (over 1 KiB), like every real chunk.
const bigScript = `export const catalogue = ${JSON.stringify(
  Array.from({ length: 60 }, (_, index) => ({ id: index, name: `Item ${index}` })),
)};`;

const files: Record<string, string> = {
  'shell/dist/index.html': '<!doctype html><title>shell</title><div id="root"></div>',
  'shell/dist/vendor.5e6f7a8b.js': bigScript,
  'mf-customer/dist/remoteEntry.js': bigScript,
  'shell/dist/main.3f9a12bc.js': 'console.log("shell")',
  'shell/dist/favicon.svg': '<svg/>',
  'mf-marketing/dist/mf-manifest.json': '{"name":"mf_marketing"}',
  'mf-marketing/dist/remoteEntry.js': 'var mf_marketing;',
  'mf-marketing/dist/static/js/landing.0a1b2c3d4e5f6789.js': 'export {}',
  'mf-customer/dist/mf-manifest.json': '{"name":"mf_customer"}',
  'mf-merchant/dist/mf-manifest.json': '{"name":"mf_merchant"}',
};

const asPage = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The status, headers and undecoded bytes of a GET, as they travel (fetch would decode them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('serving the built frontends', () => {
  let staticRoot: string;
  let gateway: RunningService;

  beforeAll(async () => {
    staticRoot = await mkdtemp(join(tmpdir(), 'gateway-static-'));
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(staticRoot, path)), { recursive: true });
      await writeFile(join(staticRoot, path), content);
    }
    gateway = await startTestGateway({ SERVE_FRONTENDS: 'true', STATIC_DIR: staticRoot });
  });

  afterAll(async () => {
    await gateway.close();
    await rm(staticRoot, { recursive: true, force: true });
  });

  it('answers its own liveness at /healthz, never with the shell page', async () => {
    const answer = await fetch(`${gateway.url}/healthz`, { headers: asPage });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok', service: 'gateway' });
  });

  it('serves the shell’s index.html at / without caching', async () => {
    const answer = await fetch(`${gateway.url}/`, { headers: asPage });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(await answer.text()).toBe(files['shell/dist/index.html']);
  });

  it('serves a hashed shell asset with a long immutable cache', async () => {
    const answer = await fetch(`${gateway.url}/main.3f9a12bc.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('javascript');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a page load of a client-side route with the shell’s index.html', async () => {
    for (const path of ['/dashboard', '/track', '/customer-login', '/no/such/page']) {
      const answer = await fetch(`${gateway.url}${path}`, { headers: asPage });
      expect(answer.status, path).toBe(200);
      expect(await answer.text()).toBe(files['shell/dist/index.html']);
    }
  });

  it('answers 404 for a missing file that was not asked for as a page', async () => {
    const answer = await fetch(`${gateway.url}/main.missing00.js`, { headers: { accept: '*/*' } });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: 'Not found' });
  });

  it('never falls back to the shell for API paths, even when a page is asked for', async () => {
    const answer = await fetch(`${gateway.url}/api/not-a-route`, { headers: asPage });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
  });

  it('serves each remote under /mf/<name>/ with its manifest and entry revalidated every time', async () => {
    for (const name of ['marketing', 'customer', 'merchant']) {
      const answer = await fetch(`${gateway.url}/mf/${name}/mf-manifest.json`);
      expect(answer.status, name).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(await answer.json()).toEqual({ name: `mf_${name}` });
    }
    const entry = await fetch(`${gateway.url}/mf/marketing/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${gateway.url}/mf/marketing/static/js/landing.0a1b2c3d4e5f6789.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing remote file or an unknown remote, never the shell page', async () => {
    for (const path of [
      '/mf/marketing/missing.js',
      '/mf/marketing/some-page',
      '/mf/unknown/mf-manifest.json',
      '/mf/',
    ]) {
      const answer = await fetch(`${gateway.url}${path}`, { headers: asPage });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('does not serve files outside the frontends’ folders', async () => {
    const answer = await fetch(`${gateway.url}/mf/marketing/..%2f..%2fshell%2fdist%2findex.html`);
    expect(answer.status).toBe(404);
  });

  it('answers 304 when the browser’s copy is current', async () => {
    const first = await fetch(`${gateway.url}/favicon.svg`);
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    // A browser revalidating sends max-age=0; without it fetch() would add `no-cache`, which forbids a 304.
    const again = await fetch(`${gateway.url}/favicon.svg`, {
      headers: { 'if-modified-since': lastModified!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('sends a hashed chunk brotli-compressed to a browser that accepts br, still cached for ever', async () => {
    const answer = await rawGet(`${gateway.url}/vendor.5e6f7a8b.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.body.length).toBeLessThan(bigScript.length / 2);
    expect(brotliDecompressSync(answer.body).toString()).toBe(bigScript);
  });

  it('sends gzip to a client that accepts only gzip, and the file as it is to one that accepts neither', async () => {
    const zipped = await rawGet(`${gateway.url}/vendor.5e6f7a8b.js`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(bigScript);

    const plain = await rawGet(`${gateway.url}/vendor.5e6f7a8b.js`, {
      'accept-encoding': 'identity',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigScript);
  });

  it('compresses a remote entry too, which is revalidated every time', async () => {
    const answer = await rawGet(`${gateway.url}/mf/customer/remoteEntry.js`, {
      'accept-encoding': 'br',
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).toBe(bigScript);
  });

  it('sends files under 1 KiB uncompressed', async () => {
    const answer = await rawGet(`${gateway.url}/main.3f9a12bc.js`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(files['shell/dist/main.3f9a12bc.js']);
  });

  it('answers /remotes.json with the runtime registry of the three remotes, never cached', async () => {
    const answer = await fetch(`${gateway.url}/remotes.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(await answer.json()).toEqual({
      remotes: [
        { name: 'mf_marketing', entry: '/mf/marketing/mf-manifest.json' },
        { name: 'mf_customer', entry: '/mf/customer/mf-manifest.json' },
        { name: 'mf_merchant', entry: '/mf/merchant/mf-manifest.json' },
      ],
    });
  });
});

describe('the runtime remote registry', () => {
  it('takes each remote’s entry from REMOTE_*_URL when set', async () => {
    const gateway = await startTestGateway({
      REMOTE_MARKETING_URL: 'http://localhost:3001/mf-manifest.json',
      REMOTE_CUSTOMER_URL: 'http://localhost:3002/mf-manifest.json',
      REMOTE_MERCHANT_URL: 'https://cdn.example.com/merchant/v42/mf-manifest.json',
    });
    try {
      const answer = await fetch(`${gateway.url}/remotes.json`);
      expect(await answer.json()).toEqual({
        remotes: [
          { name: 'mf_marketing', entry: 'http://localhost:3001/mf-manifest.json' },
          { name: 'mf_customer', entry: 'http://localhost:3002/mf-manifest.json' },
          { name: 'mf_merchant', entry: 'https://cdn.example.com/merchant/v42/mf-manifest.json' },
        ],
      });
    } finally {
      await gateway.close();
    }
  });

  it('is served even when the gateway does not serve the frontends (dev mode)', async () => {
    const gateway = await startTestGateway({ SERVE_FRONTENDS: 'false' });
    try {
      expect((await fetch(`${gateway.url}/remotes.json`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/`, { headers: asPage })).status).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});
