import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import {
  answerAuthorization,
  startStoreFrontSim,
  type StoreFrontSim,
  type StoreOptions,
} from '@onvelope/storefront-sim';
import { startOrdersService } from '@onvelope/svc-orders';
import {
  startService,
  startTestIssuer,
  testInfra,
  uniqueDatabaseName,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { startSyncService } from '../src/index.js';

export const STATE_SECRET = 'test-state-secret-0123456789';
export const TOKEN_KEY = randomBytes(32).toString('base64');

export interface Answer {
  status: number;
  headers: Headers;
  // JSON of many shapes: each test states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Seller {
  accountId: string;
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
  delete(path: string): Promise<Answer>;
}

export interface SyncWorld {
  sim: StoreFrontSim;
  issuer: TestIssuer;
  natsUrl: string;
  orders: StartedService;
  /** The svc-sync replicas started so far; `sync[0]` answers HTTP in most tests. */
  sync: StartedService[];
  ordersDb: Connection;
  syncDb: Connection;
  syncEnv: Record<string, string>;
  startReplica(env?: Record<string, string>): Promise<StartedService>;
  seller(accountId: string): Promise<Seller>;
  /** Connects a simulator store to the seller through the whole OAuth round trip. */
  connect(seller: Seller, storeAccountId: string): Promise<string>;
  /** Polls the progress until the connection's sync ends; answers the last progress. */
  waitForSync(seller: Seller, connectionId: string, timeoutMs?: number): Promise<Answer['body']>;
  storedOrders(accountId: string): Promise<{ orderNumber: string; storeFrontKey: string }[]>;
  close(): Promise<void>;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}

/**
 * svc-orders, the store-front simulator and svc-sync replicas sharing one database, on this
 * worker's NATS account (so svc-orders instances of files running in other workers never answer
 * this file's `orders.upsertBatch`).
 */
export async function startSyncWorld(
  options: { stores?: StoreOptions[]; syncEnv?: Record<string, string>; replicas?: number } = {},
): Promise<SyncWorld> {
  const { natsUrl, mongoUrl } = testInfra();
  const sim = await startStoreFrontSim({
    seed: 11,
    stores: options.stores ?? [{ ordersCount: 50 }],
  });
  const issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
  const orders = await startService(startOrdersService, { AUTH_JWKS_URL: issuer.url });
  const syncEnv: Record<string, string> = {
    AUTH_JWKS_URL: issuer.url,
    // startService sets it too; replicas spawned as processes (replicas.test.ts) need it here.
    NATS_URL: natsUrl,
    MONGO_DB: uniqueDatabaseName('sync'),
    BIGCARTEL_API_URL: sim.url,
    BIGCARTEL_AUTHORIZE_URL: sim.authorizeUrl,
    BIGCARTEL_CLIENT_ID: sim.clientId,
    BIGCARTEL_CLIENT_SECRET: sim.clientSecret,
    STATE_SECRET,
    TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
    SYNC_ACK_WAIT_MS: '3000',
    STORE_FRONT_RETRY_BASE_MS: '50',
    STORE_FRONT_RATE_PER_SECOND: '500',
    STORE_FRONT_BURST: '50',
    SYNC_WAIT_TIMEOUT_MS: '20000',
    ...options.syncEnv,
  };
  const sync: StartedService[] = [];
  const startReplica = async (extra: Record<string, string> = {}) => {
    const replica = await startService(startSyncService, { ...syncEnv, ...extra });
    sync.push(replica);
    return replica;
  };
  for (let i = 0; i < (options.replicas ?? 1); i += 1) await startReplica();
  const ordersDb = await mongoose
    .createConnection(mongoUrl, { dbName: orders.env.MONGO_DB as string })
    .asPromise();
  const syncDb = await mongoose
    .createConnection(mongoUrl, { dbName: syncEnv.MONGO_DB })
    .asPromise();

  const seller = async (accountId: string): Promise<Seller> => {
    const headers = { authorization: `Bearer ${await issuer.merchantToken(accountId)}` };
    const url = (path: string) => `${sync[0]!.url}${path}`;
    return {
      accountId,
      get: async (path) => answerOf(await fetch(url(path), { headers })),
      post: async (path, body) =>
        answerOf(
          await fetch(url(path), {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body ?? {}),
          }),
        ),
      delete: async (path) => answerOf(await fetch(url(path), { method: 'DELETE', headers })),
    };
  };

  const world: SyncWorld = {
    sim,
    issuer,
    natsUrl,
    orders,
    sync,
    ordersDb,
    syncDb,
    syncEnv,
    startReplica,
    seller,
    async connect(who, storeAccountId) {
      const { authUrl } = (await who.get('/api/bigcartel/connect')).body as { authUrl: string };
      const approved = await answerAuthorization(authUrl, storeAccountId, 'approve');
      const back = await callback(sync[0]!.url, approved.search);
      if (back.location.searchParams.get('connected') !== 'true') {
        throw new Error(`connection failed: ${back.location.toString()}`);
      }
      const { connections } = (await who.get('/api/bigcartel/connections')).body as {
        connections: { id: string; storeName: string }[];
      };
      const store = (await sim.listStores()).find((s) => s.accountId === storeAccountId)!;
      return connections.find((c) => c.storeName === store.storeName)!.id;
    },
    async waitForSync(who, connectionId, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const progress = await who.get(`/api/bigcartel/connections/${connectionId}/sync-progress`);
        if (!progress.body.isCurrentlySyncing) return progress.body;
        if (Date.now() > deadline) throw new Error('the sync did not end in time');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async storedOrders(accountId) {
      return ordersDb
        .collection('tracking_entries')
        .find({ accountId, source: 'bigcartel' })
        .project<{ orderNumber: string; storeFrontKey: string }>({
          orderNumber: 1,
          storeFrontKey: 1,
        })
        .toArray();
    },
    async close() {
      await Promise.all(sync.map((replica) => replica.close().catch(() => undefined)));
      await orders.close();
      await ordersDb.close();
      await syncDb.close();
      await sim.close();
      await issuer.close();
    },
  };
  return world;
}

/** Calls svc-sync's OAuth return as the browser would; answers where it sends the browser. */
export async function callback(serviceUrl: string, search: string) {
  const response = await fetch(`${serviceUrl}/api/bigcartel/callback${search}`, {
    redirect: 'manual',
  });
  return { status: response.status, location: new URL(response.headers.get('location') ?? '') };
}
