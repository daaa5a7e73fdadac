import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type {
  connectStore,
  getSyncProgress,
  listConnections,
  ResponseOf,
} from '@onvelope/contracts';
import { startSystem, type RunningSystem } from '@onvelope/run';
import { callJson, type ApiAccount } from '@onvelope/run/accounts';
import { answerAuthorization } from '@onvelope/storefront-sim';
import { afterAll, beforeAll } from 'vitest';

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
 * The topology the browser suite runs against: one of each app, or with `E2E_TOPOLOGY=cluster`
 * production's (issue 40): two replicas of every service and of the gateway behind round-robins,
 * and a three-node NATS JetStream cluster (the `e2e-cluster` project in vitest.config.ts).
 */
function topologyOf(name = process.env.E2E_TOPOLOGY ?? 'single'): {
  replicas?: number;
  natsNodes?: number;
} {
  if (name === 'single') return {};
  if (name === 'cluster') return { replicas: 2, natsNodes: 3 };
  throw new Error(`E2E_TOPOLOGY is "single" or "cluster", not "${name}"`);
}

/**
 * The composed system on free ports. Its logs are kept, not printed, and are attached to the error
 * when it fails to start.
 */
async function startComposedSystem(env: Record<string, string> = {}): Promise<RunningSystem> {
  const lines: string[] = [];
  try {
    const topology = topologyOf();
    const system = await startSystem({
      gatewayPort: 0,
      servicePorts: 'free',
      ...topology,
      env,
      sink: (app, line) => {
        lines.push(`${app} ${line}`);
        if (lines.length > 300) lines.shift();
      },
    });
    if (system.natsNodes.length !== (topology.natsNodes ?? 0)) {
      await system.stop();
      throw new Error(`asked for ${topology.natsNodes} NATS nodes, got ${system.natsNodes.length}`);
    }
    return system;
  } catch (error) {
    throw new Error(`The system did not start. Last log lines:\n${lines.join('\n')}`, {
      cause: error,
    });
  }
}

export interface ComposedSite {
  readonly system: RunningSystem;
  readonly browser: Browser;
}

interface StartedSite {
  system: RunningSystem;
  browser: Browser;
}

/**
 * The one system and Chromium every file without settings of its own shares (issue 37: one start
 * a run, not one a file). The browser project runs its files one after another in one process
 * (`isolate: false` in vitest.config.ts), so this module, and it, outlive a file; the system's
 * processes end with that process (`endWithThisProcess`), Chromium with Playwright's own hooks.
 * Each test makes its own sellers and buyers, so files do not see each other's data.
 */
let sharedSite: Promise<StartedSite> | undefined;

/**
 * The shared system serves the whole suite from one address, as a file's own system did one file:
 * its per-address limits are sized for the suite (no shared file tests a per-address limit; the
 * services' own tests do; api-probes probes the default body limits here). Its parcels do not move
 * by themselves (an hour a checkpoint): a carrier update changes an order, and a file that watches
 * orders must not see another's parcels move them; live-tracking.e2e.test.ts runs its own system
 * with a fast clock.
 */
const sharedSiteEnv = {
  TRACKING_SIM_STEP_MS: '3600000',
  SIGN_UPS_PER_ADDRESS: '10000',
  CODE_RESENDS_PER_ADDRESS: '10000',
  SIGN_IN_RATE_LIMIT: '10000',
  LOOKUP_RATE_LIMIT: '10000',
  LOOKUP_MAX_FAILURES_PER_IP: '10000',
  QUERY_MAX_PER_IP: '10000',
};

async function startSite(env: Record<string, string>): Promise<StartedSite> {
  const system = await startComposedSystem(env);
  return { system, browser: await launchChromium() };
}

/**
 * The composed system and a Chromium for one test file. With no `env`, the run's shared one
 * (started by the first file that asks); with settings of its own (a faster clock, a shorter trial),
 * one for this file alone, started before its tests and stopped after them. Read `system` and
 * `browser` inside tests and hooks, once they have started.
 */
export function composedSiteForFile(env: Record<string, string> = {}): ComposedSite {
  const ownSystem = Object.keys(env).length > 0;
  let system: RunningSystem | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const site = ownSystem ? await startSite(env) : await (sharedSite ??= startSite(sharedSiteEnv));
    ({ system, browser } = site);
  });
  afterAll(async () => {
    if (!ownSystem) return;
    await browser?.close();
    await system?.stop();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the ${name} has not started: read it inside a test`);
    return part;
  };
  return {
    get system() {
      return started(system, 'system');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
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

export {
  codeInMail,
  codeSentTo,
  createBuyer,
  createSeller,
  postJson,
  uniqueEmail,
  type ApiAccount,
} from '@onvelope/run/accounts';

/** The storage a seller's sign-in leaves behind (spec 001 §3), for tests that start signed in. */
export function sellerStorage(seller: ApiAccount): Record<string, string> {
  return { authToken: seller.token, user: JSON.stringify(seller.profile) };
}

/** The storage a buyer's sign-in leaves behind. */
export function buyerStorage(buyer: ApiAccount): Record<string, string> {
  return { customerAuthToken: buyer.token, customerInfo: JSON.stringify(buyer.profile) };
}

/** Imports a CSV as the seller through the gateway, as the browser's upload does. */
export async function importThroughApi(
  system: RunningSystem,
  seller: ApiAccount,
  csv: string,
): Promise<void> {
  const form = new FormData();
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  const response = await fetch(`${system.url}/api/upload/csv`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seller.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

/** Waits until an element with this test id shows the text (the first, when there are several). */
export async function waitForText(
  page: Page,
  testId: string,
  expected: string,
  timeout = 15_000,
): Promise<void> {
  await page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout });
}

/** A seller's call to the store-front API through the gateway; a refusal is thrown. */
function storeFrontCall<T>(
  system: RunningSystem,
  seller: ApiAccount,
  method: 'GET' | 'POST',
  path: string,
): Promise<T> {
  return callJson<T>(system, method, `/api/bigcartel${path}`, { token: seller.token });
}

/**
 * Connects `store` as Connect Web Store does, but through the API and the simulator's authorise
 * form instead of the screens: for tests of how connected stores look, not of connecting.
 */
export async function connectThroughApi(
  system: RunningSystem,
  seller: ApiAccount,
  store: { accountId: string },
): Promise<void> {
  const { authUrl } = await storeFrontCall<ResponseOf<typeof connectStore>>(
    system,
    seller,
    'GET',
    '/connect',
  );
  const callback = await answerAuthorization(authUrl, store.accountId, 'approve');
  const returned = await fetch(callback, { redirect: 'manual' });
  const landing = new URL(returned.headers.get('location') ?? '/', system.url);
  if (landing.searchParams.get('connected') !== 'true') {
    throw new Error(`the store was not connected: back at ${landing.pathname}${landing.search}`);
  }
}

/**
 * Syncs every store the seller has connected, all at once, through the API Sync Orders calls, and
 * waits until each sync has completed: for tests of how synced stores look, not of syncing. Progress
 * is read every 250 ms, not at the screen's 3 s polls, so no test waits for a poll. A sync still
 * under way after `timeoutMs` fails with its last progress.
 */
export async function syncStoresThroughApi(
  system: RunningSystem,
  seller: ApiAccount,
  timeoutMs = 60_000,
): Promise<void> {
  const call = <T>(method: 'GET' | 'POST', path: string) =>
    storeFrontCall<T>(system, seller, method, path);
  const { connections } = await call<ResponseOf<typeof listConnections>>('GET', '/connections');
  await Promise.all(
    connections.map(async ({ id }) => {
      await call('POST', `/connections/${id}/sync-all`);
      for (const until = Date.now() + timeoutMs; ;) {
        const read = await call<ResponseOf<typeof getSyncProgress>>(
          'GET',
          `/connections/${id}/sync-progress`,
        );
        if (!read.isCurrentlySyncing) {
          if (read.syncStatus !== 'completed') {
            throw new Error(`the sync of ${id} ended ${read.syncStatus}: ${read.lastSyncError}`);
          }
          return;
        }
        if (Date.now() > until) {
          throw new Error(
            `the sync of ${id} was still under way after ${timeoutMs} ms: ${JSON.stringify(read)}`,
          );
        }
        await sleep(250);
      }
    }),
  );
}
