/**
 * First-load weight of the composed site from the built files (`npm run build:web` first):
 * `npm run bench -w tools/web-build`.
 *
 * Serves the shell and the three remotes as the gateway lays them out (shell at /, remotes at
 * /mf/<name>/, /remotes.json; every API call answers 503), opens each route in Chromium, waits for
 * the page and for the network to settle, and adds up the JS and CSS files the browser fetched, raw
 * and compressed (gzip -9, and brotli as the gateway serves it). /dashboard is opened with a stored
 * seller session so that the guard lets the workspace load. `-- --files` lists every file.
 * For /dashboard it also prints when the data calls and the merchant remote's manifest were asked
 * for, in ms after navigation (issue 18: they should not wait for the whole remote chain), on a
 * first visit and when the same seller loads the page again (the shell then starts them early).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const repoRoot = resolve(import.meta.dirname, '../../..');
const shellDir = join(repoRoot, 'shell', 'dist');
const remoteDirs: Record<string, string> = {
  marketing: join(repoRoot, 'mf-marketing', 'dist'),
  customer: join(repoRoot, 'mf-customer', 'dist'),
  merchant: join(repoRoot, 'mf-merchant', 'dist'),
};

/** The targets of issues 15 and 18 for the first load's gzip'd JS, per route. */
const targetBytes: Record<string, number> = { '/': 120_000, '/dashboard': 200_000 };
/** The requests whose start /dashboard reports: its profile check, remote and data calls. */
const dashboardMilestones = [
  { label: 'profile call', path: '/auth/profile' },
  { label: 'merchant manifest', path: '/mf/merchant/mf-manifest.json' },
  { label: 'entries list call', path: '/api/upload/tracking-entries' },
  { label: 'summary call', path: '/api/upload/summary' },
];
const listFiles = process.argv.includes('--files');

const routes = [
  { path: '/', ready: 'landing-page', signedIn: false },
  { path: '/track', ready: 'track-page', signedIn: false },
  { path: '/dashboard', ready: 'dashboard-page', signedIn: true },
];

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The built file a URL path names, as the gateway resolves it; null outside the built folders. */
function builtFile(path: string): string | null {
  const remote = /^\/mf\/([^/]+)(\/.+)$/.exec(path);
  const [root, rest] = remote ? [remoteDirs[remote[1]!], remote[2]!] : [shellDir, path];
  if (!root) return null;
  const file = resolve(root, `.${decodeURIComponent(rest)}`);
  return file.startsWith(root + sep) ? file : null;
}

async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://bench').pathname;
  if (path === '/remotes.json') {
    const remotes = Object.keys(remoteDirs).map((name) => ({
      name: `mf_${name}`,
      entry: `/mf/${name}/mf-manifest.json`,
    }));
    response.writeHead(200, { 'Content-Type': contentTypes['.json'] });
    response.end(JSON.stringify({ remotes }));
    return;
  }
  if (/^\/(api|auth)\//.test(path)) {
    response.writeHead(503, { 'Content-Type': contentTypes['.json'] });
    response.end(JSON.stringify({ error: 'No services behind the bench server' }));
    return;
  }
  const file = builtFile(path);
  const body = file ? await readFile(file).catch(() => null) : null;
  if (file && body) {
    response.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'text/plain' });
    response.end(body);
  } else if (path.startsWith('/mf/')) {
    response.writeHead(404).end();
  } else {
    // Client-side routes get the shell's page, as from the gateway.
    response.writeHead(200, { 'Content-Type': contentTypes['.html'] });
    response.end(await readFile(join(shellDir, 'index.html')));
  }
}

interface FileWeight {
  path: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  brotli: number;
}

async function weigh(path: string): Promise<FileWeight | null> {
  const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
  const file = builtFile(path);
  if (!kind || !file) return null;
  const body = await readFile(file);
  return {
    path,
    kind,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  };
}

/** An unsigned seller token: the shell only decodes it (its profile check answers 503 here). */
function sellerSession(): Record<string, string> {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { userId: 'bench', accountId: 'bench', role: 'merchant', exp };
  return {
    authToken: `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`,
    user: JSON.stringify({ email: 'bench@shop.test', onboardingCompleted: true }),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sum = (files: FileWeight[], key: 'raw' | 'gzip' | 'brotli') =>
  files.reduce((total, file) => total + file[key], 0);
/** 'shell', 'mf-marketing', ...: which build a file came from. */
function appOf(path: string): string {
  const remote = /^\/mf\/([^/]+)\//.exec(path)?.[1];
  return remote ? `mf-${remote}` : 'shell';
}

async function main(): Promise<void> {
  await readFile(join(shellDir, 'index.html')).catch(() => {
    throw new Error('No built shell: run `npm run build:web` first.');
  });
  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });

  try {
    console.log(
      'First load from the built files (JS and CSS the browser fetched; 1 kB = 1000 B)\n',
    );
    console.log(
      ['route', 'JS files', 'JS raw', 'JS gzip', 'JS br', 'CSS raw', 'CSS gzip']
        .map((title, index) => (index === 0 ? title.padEnd(12) : title.padStart(10)))
        .join(''),
    );
    const breakdowns: string[] = [];
    const targets: string[] = [];
    const timings: string[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (route.signedIn) {
        // A script string: this file is compiled without the DOM's types.
        const entries = JSON.stringify(sellerSession());
        await context.addInitScript({
          content: `for (const [key, value] of Object.entries(${entries})) localStorage.setItem(key, value);`,
        });
      }
      const page = await context.newPage();
      const fetched = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === origin && response.ok()) fetched.add(url.pathname);
      });
      const requested = new Map<string, number>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (!requested.has(pathname)) requested.set(pathname, performance.now());
      });
      let navigationStart = performance.now();
      await page.goto(`${origin}${route.path}`);
      await page.getByTestId(route.ready).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const firstLoad = [...fetched];
      const milestonesOf = (label: string) => {
        if (route.path !== '/dashboard') return;
        timings.push(label);
        for (const { label: call, path } of dashboardMilestones) {
          const at = requested.get(path);
          const when =
            at === undefined ? 'not asked for' : `${Math.round(at - navigationStart)} ms`;
          timings.push(`  ${call.padEnd(20)}${when.padStart(14)}`);
        }
      };
      milestonesOf('first visit');
      if (route.path === '/dashboard') {
        // A returning seller: the shell starts the calls the page made last time (early calls).
        requested.clear();
        navigationStart = performance.now();
        await page.reload();
        await page.getByTestId(route.ready).waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        milestonesOf('returning seller (same browser, page loaded again)');
      }
      await context.close();

      const files = (await Promise.all(firstLoad.map(weigh))).filter(
        (file): file is FileWeight => file !== null,
      );
      const js = files.filter((file) => file.kind === 'js');
      const css = files.filter((file) => file.kind === 'css');
      console.log(
        [
          route.path.padEnd(12),
          String(js.length).padStart(10),
          ...[sum(js, 'raw'), sum(js, 'gzip'), sum(js, 'brotli')].map((n) => kB(n).padStart(10)),
          ...[sum(css, 'raw'), sum(css, 'gzip')].map((n) => kB(n).padStart(10)),
        ].join(''),
      );
      const byApp = new Map<string, number>();
      for (const file of js)
        byApp.set(appOf(file.path), (byApp.get(appOf(file.path)) ?? 0) + file.gzip);
      breakdowns.push(
        `${route.path.padEnd(12)}${[...byApp].map(([app, bytes]) => `${app} ${kB(bytes)}`).join(', ')}`,
      );
      if (listFiles) {
        for (const file of files.sort((a, b) => b.gzip - a.gzip)) {
          console.log(`    ${kB(file.gzip).padStart(10)}  ${file.path}`);
        }
      }
      const target = targetBytes[route.path];
      if (target) {
        const total = sum(js, 'gzip');
        const over = total - target;
        targets.push(
          `Target for ${route.path}: at most ${target} B of gzip'd JS; ${total} B, ` +
            (over > 0 ? `over by ${over} B.` : `met with ${-over} B to spare.`),
        );
      }
    }
    console.log(`\n${targets.join('\n')}\n\nJS (gzip) by build:\n${breakdowns.join('\n')}`);
    console.log(`\n/dashboard, requests started after navigation:\n${timings.join('\n')}`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
