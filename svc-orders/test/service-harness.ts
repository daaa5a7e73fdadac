import type { Connection } from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import { connectNats, type NatsConnection } from '@onvelope/service-kit/nats';
import {
  connectTestDatabase,
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { startOrdersService } from '../src/index.js';
import { sellerOf, type Caller } from './support.js';

export interface Reply {
  status: number;
  // JSON of many shapes: each test states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  /** Sent as the bearer token; none (or null) calls without one. */
  token?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** The caller's address (`x-forwarded-for`), for the per-address limits. */
  ip?: string;
}

export interface HarnessOptions {
  /** More of the service's environment, applied last (a timeout, a `MONGO_URL` through a link). */
  env?: Record<string, string>;
  /** A NATS of the file's own instead of its worker's account: the service, the issuer and `nc` use it. */
  natsUrl?: string;
  /**
   * False: seller tokens carry no billing state, for tests that publish the one they need (the
   * subscription gate's). By default a seller's first token starts their trial.
   */
  trial?: boolean;
}

export interface OrdersHarness {
  /** The running service; another one after `startAgain`. */
  readonly service: StartedService;
  readonly url: string;
  readonly issuer: TestIssuer;
  /** The test's own connection to the service's database, to see what it really stored. */
  readonly db: Connection;
  /** The test's own connection to the service's NATS. */
  readonly nc: NatsConnection;
  /** Calls the service as one seller (their trial running, unless `trial: false`). */
  seller(accountId: string): Promise<Caller>;
  /** Calls the service; the body of the answer is parsed as JSON (undefined when empty). */
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /**
   * Starts the service again on the same database and environment, as after a crash or a deploy
   * (close the running one first with `service.close()`).
   */
  startAgain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * svc-orders on a free port with its real parts: the run's MongoDB and NATS, a token issuer whose
 * keys it trusts, and the test's own connections to its database and NATS. Stop it when done.
 */
export async function startOrdersHarness({
  env = {},
  natsUrl = testInfra().natsUrl,
  trial = true,
}: HarnessOptions = {}): Promise<OrdersHarness> {
  const issuer = await startTestIssuer(trial ? { natsUrl } : {});
  const serviceEnv = { AUTH_JWKS_URL: issuer.url, NATS_URL: natsUrl, ...env };
  let service = await startService(startOrdersService, serviceEnv);
  const db = await connectTestDatabase(service.env.MONGO_DB);
  const nc = await connectNats(natsUrl, 'orders-test');
  return {
    get service() {
      return service;
    },
    get url() {
      return service.url;
    },
    issuer,
    db,
    nc,
    seller: (accountId) => sellerOf(service.url, issuer, accountId),
    async call(method, path, { token, body, ip } = {}) {
      const response = await fetch(`${service.url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async startAgain() {
      service = await startService(startOrdersService, {
        ...serviceEnv,
        MONGO_DB: service.env.MONGO_DB,
      });
    },
    async stop() {
      await service.close();
      await nc.close();
      await db.close();
      await issuer.close();
    },
  };
}

/**
 * The orders harness of a `describe` block: started in its `beforeAll`, stopped in its `afterAll`
 * (after the block's own `afterAll`s, which vitest runs in reverse order). Its members can be read
 * from the tests and hooks, not while the block is being declared.
 *
 * @example
 * const orders = useOrdersHarness({ env: { AUTH_COMMAND_TIMEOUT_MS: '500' } });
 * it('lists nothing for a new seller', async () => {
 *   const seller = await orders.seller('new-seller');
 *   expect((await seller.get('/api/upload/tracking-entries')).status).toBe(200);
 * });
 */
export function useOrdersHarness(options: HarnessOptions = {}): OrdersHarness {
  let started: OrdersHarness | undefined;
  beforeAll(async () => {
    started = await startOrdersHarness(options);
  });
  afterAll(() => started?.stop());
  const current = () => {
    if (!started) throw new Error('the orders harness is read before its beforeAll has run');
    return started;
  };
  // Every member is the started harness's, looked up when read (it does not exist yet here).
  return new Proxy({} as OrdersHarness, {
    get: (_target, member) => Reflect.get(current(), member),
  });
}
