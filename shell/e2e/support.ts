import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startSystem, type RunningSystem } from '@onvelope/run';

/** Debian's Chromium, headless, with nothing that reaches out to the internet (ARCHITECTURE: tests). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * The composed system on free ports. Its logs are kept, not printed, and are attached to the error
 * when it fails to start.
 */
export async function startComposedSystem(
  env: Record<string, string> = {},
): Promise<RunningSystem> {
  const lines: string[] = [];
  try {
    return await startSystem({
      gatewayPort: 0,
      servicePorts: 'free',
      env,
      sink: (app, line) => {
        lines.push(`${app} ${line}`);
        if (lines.length > 300) lines.shift();
      },
    });
  } catch (error) {
    throw new Error(`The system did not start. Last log lines:\n${lines.join('\n')}`, {
      cause: error,
    });
  }
}

/** A fresh browser context per test, so no stored session leaks from one test to the next. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/**
 * An unsigned JWT with the claims svc-auth puts in its tokens. The shell only decodes the payload
 * (spec 001 §6), so this is enough to drive the client-side guards.
 */
export function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export function inSeconds(seconds: number): number {
  return Math.floor(Date.now() / 1000) + seconds;
}

/** Writes localStorage for the site's origin before any of its scripts run. */
export async function seedLocalStorage(
  context: BrowserContext,
  entries: Record<string, string>,
): Promise<void> {
  await context.addInitScript((values: Record<string, string>) => {
    // Seed once per context: later page loads must see what the app itself wrote (e.g. logout).
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/** Collects the paths of the remote files (`/mf/...`) the page loads, to prove where an area came from. */
export function recordRemoteFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.ok() && pathname.startsWith('/mf/')) files.push(pathname);
  });
  return files;
}

/** The path (with query) the page ended on. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}
