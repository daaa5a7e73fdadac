import type { Connection } from 'mongoose';
import { getCustomerEmail, getSellerCountry, getSellerPublicProfile } from '@onvelope/contracts';
import {
  connectDatabase,
  connectNats,
  createLogger,
  notFound,
  serveCommand,
  type NatsConnection,
} from '@onvelope/service-kit';
import {
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startOrdersService } from '../src/index.js';

export interface Reply {
  status: number;
  // JSON of many shapes: each test states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** What the svc-auth stand-in knows: sellers' public profiles and countries, buyers' addresses. */
export interface AuthDirectory {
  sellers: Map<string, { name: string | null; website: string | null }>;
  countries: Map<string, string>;
  customers: Map<string, { email: string; isVerified: boolean }>;
}

export interface BuyerHarness {
  orders: StartedService;
  issuer: TestIssuer;
  db: Connection;
  /** A NATS connection of the test's own, e.g. to send svc-orders the commands svc-auth sends. */
  nc: NatsConnection;
  directory: AuthDirectory;
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; ip?: string },
  ): Promise<Reply>;
  insertOrder(fields: Record<string, unknown>): Promise<{ id: string }>;
  stop(): Promise<void>;
}

/**
 * svc-orders with the buyer side's real parts: MongoDB, NATS and a token issuer (it sends no mail:
 * svc-notify does, from the notices it asks for). A
 * stand-in answers svc-auth's `auth.*` commands from `directory`; no svc-auth of another test file
 * answers them too, as the worker's NATS account is its own.
 */
export async function startBuyerHarness(env: Record<string, string> = {}): Promise<BuyerHarness> {
  const issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
  const orders = await startService(startOrdersService, {
    AUTH_JWKS_URL: issuer.url,
    PUBLIC_SITE_URL: 'https://onvelope.test',
    ...env,
  });
  const { mongoUrl, natsUrl } = testInfra();
  const db = await connectDatabase(mongoUrl, orders.env.MONGO_DB as string);
  const nc: NatsConnection = await connectNats(natsUrl, 'auth-stand-in');
  const directory: AuthDirectory = {
    sellers: new Map(),
    countries: new Map(),
    customers: new Map(),
  };
  const log = createLogger('auth-stand-in', 'silent');
  serveCommand(
    nc,
    getSellerPublicProfile,
    'svc-auth',
    async ({ accountId }) => {
      const seller = directory.sellers.get(accountId);
      if (!seller) throw notFound('Seller not found');
      return seller;
    },
    log,
  );
  serveCommand(
    nc,
    getSellerCountry,
    'svc-auth',
    async ({ accountId }) => ({ country: directory.countries.get(accountId) ?? null }),
    log,
  );
  serveCommand(
    nc,
    getCustomerEmail,
    'svc-auth',
    async ({ customerId }) => {
      const customer = directory.customers.get(customerId);
      if (!customer) throw notFound('Customer not found');
      return customer;
    },
    log,
  );
  await nc.flush();

  let seq = 0;
  return {
    orders,
    issuer,
    db,
    nc,
    directory,
    async call(method, path, { token, body, ip } = {}) {
      const response = await fetch(`${orders.url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          // Each test speaks from its own address unless it says otherwise, so the per-address
          // limits of one test never spill into another.
          'x-forwarded-for': ip ?? `198.51.100.${(seq = (seq % 250) + 1)}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async insertOrder(fields) {
      const entry = await trackingEntryModel(db).create({
        source: 'csv',
        status: 'pending',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        postcode: 'SW1A 1AA',
        ...fields,
      });
      return { id: String(entry._id) };
    },
    async stop() {
      await orders.close();
      await nc.close();
      await db.close();
      await issuer.close();
    },
  };
}
