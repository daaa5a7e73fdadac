import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A backend app of the system and where it listens by default (its README says the same). */
export interface BackendApp {
  name:
    | 'svc-auth'
    | 'svc-orders'
    | 'svc-sync'
    | 'svc-billing'
    | 'svc-analytics'
    | 'svc-notify'
    | 'gateway';
  defaultPort: number;
  /** The gateway variable that points at this service. */
  urlVariable?: string;
}

export const services: BackendApp[] = [
  { name: 'svc-auth', defaultPort: 4001, urlVariable: 'AUTH_SERVICE_URL' },
  { name: 'svc-orders', defaultPort: 4002, urlVariable: 'ORDERS_SERVICE_URL' },
  { name: 'svc-sync', defaultPort: 4003, urlVariable: 'SYNC_SERVICE_URL' },
  { name: 'svc-billing', defaultPort: 4004, urlVariable: 'BILLING_SERVICE_URL' },
  { name: 'svc-analytics', defaultPort: 4005, urlVariable: 'ANALYTICS_SERVICE_URL' },
  { name: 'svc-notify', defaultPort: 4006, urlVariable: 'NOTIFY_SERVICE_URL' },
];
export const gateway: BackendApp = { name: 'gateway', defaultPort: 8080 };

/** The remotes, their dev-server ports and the gateway variable that overrides their manifest. */
export const frontends = [
  { name: 'shell', devPort: 3000 },
  { name: 'mf-marketing', devPort: 3001, urlVariable: 'REMOTE_MARKETING_URL' },
  { name: 'mf-customer', devPort: 3002, urlVariable: 'REMOTE_CUSTOMER_URL' },
  { name: 'mf-merchant', devPort: 3003, urlVariable: 'REMOTE_MERCHANT_URL' },
] as const;

export const builtEntry = (app: BackendApp) => join(repoRoot, app.name, 'dist', 'main.js');
export const sourceEntry = (app: BackendApp) => join(repoRoot, app.name, 'src', 'main.ts');

/**
 * The node flags an app runs with: `onvelope.nodeArgs` in its package.json, their one owner (the
 * Dockerfile repeats them and a compose test keeps the two equal). svc-orders caps its heap there.
 */
export function nodeArgsOf(app: BackendApp): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, app.name, 'package.json'), 'utf8')) as {
    onvelope?: { nodeArgs?: unknown };
  };
  const args = manifest.onvelope?.nodeArgs ?? [];
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
    throw new Error(`${app.name}/package.json: onvelope.nodeArgs must be an array of strings`);
  }
  return args;
}
