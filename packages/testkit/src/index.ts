import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { testInfra } from './test-infra-urls.js';

export {
  freePort,
  startSmtpSink,
  stripeMockApiVersion,
  type CaughtMail,
  type SmtpSink,
} from '@onvelope/infra';
export { natsConnectOptions } from '@onvelope/service-kit/nats-connect-options';
export type { TestInfra } from './provided-context.js';
export { testInfra } from './test-infra-urls.js';
export { dockerAvailable, startTestInfra, type RunningTestInfra } from './test-infra.js';
export { startTestIssuer, type TestIssuer, type TestIssuerOptions } from './test-issuer.js';
export { startTcpLink, type TcpLink } from './tcp-link.js';
export { publishBillingState, trialRunning } from './billing-states.js';
export { pendingEntryChange, type EntryChange } from './entry-changes.js';

// MongoDB refuses these in database names, and real MongoDB limits names to 63 bytes.
const FORBIDDEN_IN_DATABASE_NAME = /[^A-Za-z0-9_-]/g;
const MAX_PREFIX_LENGTH = 40;

/**
 * A database name no other test file (or earlier run) uses, so test files can run in parallel
 * against the one shared server. Call it once per file (or per test) and keep the result.
 *
 * @example uniqueDatabaseName('orders') // 'orders_5f0c2a9e13b4d7aa'
 */
export function uniqueDatabaseName(prefix: string): string {
  const safePrefix =
    prefix.replace(FORBIDDEN_IN_DATABASE_NAME, '_').slice(0, MAX_PREFIX_LENGTH) || 'test';
  return `${safePrefix}_${randomBytes(8).toString('hex')}`;
}

/**
 * The test's own connection to a database of the run's server: a service's (`service.env.MONGO_DB`),
 * to see what it really stored or to set up what it will read, or a fresh one of the test's. Close
 * it when done.
 *
 * @example
 * const db = await connectTestDatabase(orders.env.MONGO_DB);
 * await db.collection('tracking_entries').countDocuments({ accountId });
 * await db.close();
 */
export function connectTestDatabase(dbName: string | undefined): Promise<Connection> {
  // A service's env types its MONGO_DB as optional; without a name mongoose would open `test`.
  if (!dbName) throw new Error('connectTestDatabase needs a database name');
  return mongoose.createConnection(testInfra().mongoUrl, { dbName }).asPromise();
}

/**
 * How a service is started in-process: every `svc-*` exports one. It reads its configuration from
 * `env` (not from process.env) and resolves once it listens.
 */
export type ServiceStarter = (
  env: Record<string, string | undefined>,
) => Promise<{ url: string; close(): Promise<void> }>;

export interface StartedService {
  url: string;
  close(): Promise<void>;
  /** The environment the service was started with (its MONGO_DB, for instance). */
  env: Record<string, string | undefined>;
}

/**
 * Starts a service on a free port against the run's MongoDB and NATS, in its own database, with
 * logs silenced. `env` is applied last, so it can override any default. Nothing is registered
 * globally: close the service yourself (usually in `afterAll`).
 *
 * @example
 * const service = await startService(startOrdersService, { AUTH_SERVICE_URL: auth.url });
 * afterAll(() => service.close());
 * await fetch(`${service.url}/healthz`);
 */
export async function startService(
  starter: ServiceStarter,
  env: Record<string, string | undefined> = {},
): Promise<StartedService> {
  const { mongoUrl, natsUrl } = testInfra();
  const serviceEnv = {
    PORT: '0',
    MONGO_URL: mongoUrl,
    NATS_URL: natsUrl,
    MONGO_DB: uniqueDatabaseName('svc'),
    LOG_LEVEL: 'silent',
    ...env,
  };
  const service = await starter(serviceEnv);
  return { url: service.url, close: () => service.close(), env: serviceEnv };
}
export * from './bench.js';
export * from './call-costs.js';
