import type { Connection } from 'mongoose';
import { getCustomerEmail, getSellerCountry, getSellerPublicProfile } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { notFound } from '@onvelope/service-kit/errors';
import { serveCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import type { TestIssuer } from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startOrdersHarness, type CallOptions, type Reply } from './service-harness.js';

/** What the svc-auth stand-in knows: sellers' public profiles and countries, buyers' addresses. */
export interface AuthDirectory {
  sellers: Map<string, { name: string | null; website: string | null }>;
  countries: Map<string, string>;
  customers: Map<string, { email: string; isVerified: boolean }>;
}

export interface BuyerHarness {
  issuer: TestIssuer;
  db: Connection;
  /** A NATS connection of the test's own, e.g. to send svc-orders the commands svc-auth sends. */
  nc: NatsConnection;
  directory: AuthDirectory;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
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
  const orders = await startOrdersHarness({
    env: { PUBLIC_SITE_URL: 'https://onvelope.test', ...env },
  });
  const { db, nc } = orders;
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
    issuer: orders.issuer,
    db,
    nc,
    directory,
    // Each test speaks from its own address unless it says otherwise, so the per-address limits
    // of one test never spill into another.
    call: (method, path, { ip = `198.51.100.${(seq = (seq % 250) + 1)}`, ...options } = {}) =>
      orders.call(method, path, { ...options, ip }),
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
    stop: () => orders.stop(),
  };
}
