/**
 * What the svc-orders benches add to the testkit's: svc-orders' node flags in the report, the
 * gateway in front of svc-orders (and svc-analytics), the generated CSV file and its upload, the
 * callers' client of the gateway and what a closed-loop run reads as, and the dashboard's queries
 * run with the driver.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import mongoose, { type Connection, type mongo } from 'mongoose';
import {
  getSellerCountry,
  getSellerPublicProfile,
  listTrackingEntriesQuery,
  type HttpMethod,
  type trackingEntrySortFields,
} from '@onvelope/contracts';
import { startInfra, type Infra } from '@onvelope/infra';
import { connectNats, serveCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { createLogger } from '@onvelope/service-kit/observability';
import {
  httpCallerOf,
  nodeArgsOf,
  percentile,
  startApp,
  startTestIssuer,
  type BenchApp,
  type ConcurrencyRun,
  type TestIssuer,
} from '@onvelope/testkit';
import { deliveryEstimateRuleModel } from '../src/data/delivery-estimate-rule.model.js';
import { pageReadsOf, pageStartOf } from '../src/data/entry-pages.js';
import { sellerStatusCounts } from '../src/data/seller-counters.js';
import type { TrackingEntryDocument } from '../src/data/tracking-entry.model.js';
import { MAX_SEARCH_RESULTS, searchFilterOf } from '../src/use-cases/browse-tracking-entries.js';

export { line, percentile, timeRuns, type BenchApp } from '@onvelope/testkit';

/** What a closed-loop run (`atConcurrency`) reads as: calls/s, errors and p50/p95/p99 in ms. */
export const summaryOf = ({ latencies, errors, perSecond }: ConcurrencyRun) => ({
  perSecond,
  errors,
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  p99: percentile(latencies, 99),
});

/** One line for the report: which flags svc-orders ran with and who set them. */
export function ordersFlagsLine(): string {
  const flags = nodeArgsOf('svc-orders', 'svc-orders').join(' ') || "none (Node's default heap)";
  const owner =
    process.env.BENCH_NODE_FLAGS === undefined
      ? 'svc-orders/package.json onvelope.nodeArgs'
      : 'BENCH_NODE_FLAGS';
  return `svc-orders node flags: ${flags} (from ${owner})`;
}

/** svc-orders from its sources, its flags replaceable by `BENCH_NODE_FLAGS`. */
export const startOrdersApp = (env: Record<string, string>, port?: number) =>
  startApp('svc-orders', env, port, 'svc-orders');

/**
 * The gateway in front of one svc-orders (and one svc-analytics when given), waiting long enough
 * for a 100,000-row import; `env` adds settings of the bench's own (its limits).
 */
export const startGatewayFor = (
  orders: BenchApp,
  analytics?: BenchApp,
  env: Record<string, string> = {},
) =>
  startApp('gateway', {
    ORDERS_SERVICE_URL: orders.url,
    ...(analytics ? { ANALYTICS_SERVICE_URL: analytics.url } : {}),
    SERVE_FRONTENDS: 'false',
    UPSTREAM_TIMEOUT_MS: '900000',
    ...env,
  });

/** What a dashboard bench runs against (`startOrdersBench`). */
export interface OrdersBench {
  infra: Infra<'mongo' | 'nats'>;
  issuer: TestIssuer;
  nats: NatsConnection;
  /** The bench's own connection to svc-orders' database. */
  db: Connection;
  orders: BenchApp;
  gateway: BenchApp;
  /** Stops the apps, drops the database and stops the rest. */
  stop(): Promise<void>;
}

/**
 * A fresh database (`bench_<name>_<time>`) on the test MongoDB and NATS, a token issuer, svc-orders
 * and the gateway in front of it (both with `env` added: the bench's own settings), and svc-auth's
 * answers to what svc-orders asks it: the seller's country, for the delivery estimates of the list
 * and the buyer's pages, and the seller's public name, for the buyer's pages (unanswered, every
 * such call would wait for nobody).
 */
export async function startOrdersBench(
  name: string,
  env: Record<string, string> = {},
): Promise<OrdersBench> {
  const infra = await startInfra({ parts: ['mongo', 'nats'] });
  const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
  const nats = await connectNats(infra.natsUrl, `${name}-bench`);
  const silent = createLogger(`${name}-bench`, 'silent');
  serveCommand(
    nats,
    getSellerCountry,
    'svc-auth',
    () => Promise.resolve({ country: 'GB' }),
    silent,
  );
  serveCommand(
    nats,
    getSellerPublicProfile,
    'svc-auth',
    () => Promise.resolve({ name: 'Bench Shop', website: null }),
    silent,
  );
  const database = `bench_${name}_${Date.now()}`;
  const db = await mongoose.createConnection(infra.mongoUrl, { dbName: database }).asPromise();
  const apps: BenchApp[] = [];
  const stop = async () => {
    for (const app of apps.reverse()) await app.stop();
    await db.dropDatabase().catch(() => undefined);
    await db.close();
    await nats.close();
    await issuer.close();
    await infra.stop();
  };
  try {
    const orders = await startOrdersApp({
      MONGO_URL: infra.mongoUrl,
      NATS_URL: infra.natsUrl,
      MONGO_DB: database,
      AUTH_JWKS_URL: issuer.url,
      ...env,
    });
    apps.push(orders);
    const gateway = await startGatewayFor(orders, undefined, env);
    apps.push(gateway);
    return { infra, issuer, nats, db, orders, gateway, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const statuses = ['pending', 'processing', 'shipped', 'partially_shipped', 'delivered'];
const couriers = ['Royal Mail', 'DPD', 'Evri', 'DHL', 'UPS'];
const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items,orderDate,itemTotal,shippingCountry\n';

/** Which orders a generated file holds: a realistic spread of statuses, or every one shipped. */
export type FileOrders = 'mixed' | 'shipped';

/** Row i of the generated file: realistic spread of names, statuses, dates and couriers. */
function row(i: number, orders: FileOrders) {
  const status = orders === 'shipped' ? 'shipped' : statuses[i % statuses.length]!;
  const shipped = status !== 'pending' && status !== 'processing';
  const courier = shipped ? couriers[i % couriers.length]! : '';
  const tracking = shipped ? `TRK${String(i).padStart(9, '0')}GB` : '';
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    orderNumber: `ORD-${i}`,
    firstName: `First${i % 997}`,
    lastName: `Last${i % 991}`,
    email: `buyer${i}@example.com`,
    postcode: `AB${i % 99} ${i % 9}CD`,
    status,
    courier,
    trackingNumber: tracking,
    trackingUrl: tracking ? `https://track.example/${tracking}` : '',
    items: `Tee #${i % 50}; Mug #${i % 7}`,
    // Shipped today: news to the buyer (an order first seen long after it shipped gets no mail).
    orderDate:
      orders === 'shipped'
        ? new Date().toISOString().slice(0, 10)
        : `2025-${String((i % 12) + 1).padStart(2, '0')}-${day}`,
    itemTotal: (i % 90) + 0.99,
    shippingCountry: ['GB', 'US', 'DE', 'FR'][i % 4]!,
  };
}
const csvLine = (r: ReturnType<typeof row>) =>
  [
    r.orderNumber,
    r.firstName,
    r.lastName,
    r.email,
    r.postcode,
    r.status,
    r.courier,
    r.trackingNumber,
    r.trackingUrl,
    r.items,
    r.orderDate,
    r.itemTotal,
    r.shippingCountry,
  ].join(',') + '\n';

/**
 * How a generated file is laid out: the upload template's columns, or a layout of the seller's own
 * (columns in another order, named so that no name is the import's) sent with its mapping (issue 39).
 */
export type FileLayout = 'template' | 'mapped';

/** The mapped layout's columns, in its order: its header, and the field each fills. */
const mappedColumns = [
  ['Placed On', 'orderDate'],
  ['Ref', 'orderNumber'],
  ['Contact Address', 'email'],
  ['Given', 'firstName'],
  ['Family', 'lastName'],
  ['Goods', 'items'],
  ['Value', 'itemTotal'],
  ['Destination', 'shippingCountry'],
  ['Area Code', 'postcode'],
  ['Stage', 'status'],
  ['Carrier Co', 'courier'],
  ['Parcel Ref', 'trackingNumber'],
  ['Parcel Link', 'trackingUrl'],
] as const;
const mappedHeader = mappedColumns.map(([header]) => header).join(',') + '\n';
/** The mapping the seller's form sends before the mapped file. */
export const benchMapping = Object.fromEntries(
  mappedColumns.map(([header, field]) => [field, header]),
);
const mappedLine = (r: ReturnType<typeof row>) =>
  mappedColumns.map(([, field]) => r[field]).join(',') + '\n';

async function* csvFile(rows: number, boundary: string, orders: FileOrders, layout: FileLayout) {
  const mapped = layout === 'mapped';
  const mappingPart = mapped
    ? `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(benchMapping)}\r\n`
    : '';
  yield Buffer.from(
    `${mappingPart}--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n${mapped ? mappedHeader : header}`,
  );
  const lineOf = mapped ? mappedLine : csvLine;
  let chunk = '';
  for (let i = 0; i < rows; i += 1) {
    chunk += lineOf(row(i, orders));
    if (chunk.length > 64 * 1024) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  yield Buffer.from(`${chunk}\r\n--${boundary}--\r\n`);
}

/**
 * Streams a generated CSV file of `rows` orders (`ORD-0` …) in `layout` through the gateway's
 * upload as the token's seller; answers the seconds until the import answered, and throws unless
 * every row was stored.
 */
export async function upload(
  gatewayUrl: string,
  token: string,
  rows: number,
  orders: FileOrders = 'mixed',
  layout: FileLayout = 'template',
) {
  const boundary = `bench${Date.now()}`;
  const started = performance.now();
  const response = await fetch(`${gatewayUrl}/api/upload/csv`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: ReadableStream.from(csvFile(rows, boundary, orders, layout)),
    duplex: 'half',
  } as RequestInit);
  const body = (await response.json()) as { successfulRows?: number; error?: string };
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200 || body.successfulRows !== rows) {
    throw new Error(
      `import of ${rows} rows answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return seconds;
}

/**
 * `upload` from a process of its own (`upload-process.ts`): the file's generation and its
 * streaming (about 15 ms of every second of a 100,000-row import) stay off the event loop of the
 * caller, who times other calls meanwhile, as one seller's browser is not on the machine that
 * serves another's. Resolves once the process is loaded (Node's start and the TypeScript
 * transform, a second of a core, are not the server's work either); `start()` then sends the file
 * and answers the seconds the import took.
 */
export async function uploaderInAnotherProcess(
  gatewayUrl: string,
  token: string,
  rows: number,
): Promise<{ start(): Promise<number> }> {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(new URL('./upload-process.ts', import.meta.url)),
      gatewayUrl,
      token,
      String(rows),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const failed = async () => {
    const [code] = await exited;
    return new Error(`the upload of ${rows} rows failed (exit code ${code})`);
  };
  if ((await lines.next()).value !== uploaderReady) {
    child.kill();
    throw await failed();
  }
  return {
    async start() {
      child.stdin.end(`${uploaderGo}\n`);
      const { value } = await lines.next();
      const [code] = await exited;
      if (code !== 0 || value === undefined) throw await failed();
      return Number(value);
    },
  };
}

/** What the upload process says once loaded, and what it waits for before it sends the file. */
export const uploaderReady = 'ready';
export const uploaderGo = 'go';

/** One call through a `gatewayClientOf` client. */
export interface GatewayCall {
  method?: HttpMethod;
  path: string;
  /** The caller's bearer token; none for a public call. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
}

/**
 * Calls through the gateway on up to `connections` kept-alive sockets (the testkit's
 * `httpCallerOf`), as a seller (`token`) or the public: a call resolves with the answer's bytes,
 * undecoded, and throws on any answer but 2xx.
 */
export function gatewayClientOf(gatewayUrl: string, connections: number) {
  const http = httpCallerOf(gatewayUrl, connections);
  const send = ({ method = 'GET', path, token, body }: GatewayCall) =>
    http.send({
      method,
      path,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { send, close: http.close };
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => brotliDecompressSync(body),
  gzip: (body) => gunzipSync(body),
};

/**
 * A GET through the gateway as the token's seller, on a kept-alive connection, accepting brotli or
 * gzip as a browser does (so the gateway's compression is part of the time); answers the decoded
 * JSON and throws on any answer but 2xx. Not `fetch`: its response streams and decompression cost
 * the caller 0.5-2 ms per dashboard call here, which a browser does not pay and which is neither
 * the gateway's nor the service's time.
 */
export const getAs = (gatewayUrl: string, token: string) => {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port } = new URL(gatewayUrl);
  return (path: string) =>
    new Promise<unknown>((resolve, reject) => {
      const call = request(
        {
          agent,
          hostname,
          port,
          path,
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.once('error', reject);
          answer.once('end', () => {
            const status = answer.statusCode ?? 0;
            if (status < 200 || status > 299) {
              reject(new Error(`${path} answered ${status}`));
              return;
            }
            const body = Buffer.concat(chunks);
            const decode = decoders[answer.headers['content-encoding'] ?? ''];
            resolve(JSON.parse((decode ? decode(body) : body).toString('utf8')));
          });
        },
      );
      call.once('error', reject);
      call.end();
    });
};

/**
 * The dashboard's default queries of one seller, sent straight to the driver as svc-orders sends
 * them (use-cases/browse-tracking-entries.ts): the seller's counters for the totals, a list page
 * read along its sort (`pageReadsOf`: shipped orders hidden, 25 a page, `_id` the tie-breaker), a
 * search by its grams and pattern (`searchFilterOf`), newest first, at most 100, counted again only
 * when full. The bare cost a call through the gateway is compared with.
 */
export function driverQueriesOf(db: Connection, accountId: string) {
  const entries = db.collection<TrackingEntryDocument>('tracking_entries');
  const shown = { searchText: 0, history: 0 };
  // The seller's delivery-estimate rule, which svc-orders reads beside a list's or a search's query.
  const rules = deliveryEstimateRuleModel(db).collection;
  const estimateRule = () => rules.findOne({ accountId });
  return {
    list: (sortBy: (typeof trackingEntrySortFields)[number]) => {
      const query = listTrackingEntriesQuery.parse({ sortBy });
      const [read] = pageReadsOf(query, pageStartOf(query));
      return Promise.all([
        sellerStatusCounts(db, accountId),
        entries
          .find({ accountId, ...read!.filter } as mongo.Filter<TrackingEntryDocument>)
          .sort(read!.sort)
          .skip(read!.skip)
          .limit(read!.limit)
          .project(shown)
          .toArray(),
        estimateRule(),
      ]);
    },
    summary: () => sellerStatusCounts(db, accountId),
    search: async (q: string) => {
      // The service's own filter, so the driver does the same work it does.
      const filter = {
        accountId,
        ...searchFilterOf(q, 'all'),
      } as mongo.Filter<TrackingEntryDocument>;
      const search = async () => {
        const found = await entries
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .limit(MAX_SEARCH_RESULTS)
          .project(shown)
          .toArray();
        return found.length < MAX_SEARCH_RESULTS ? found.length : entries.countDocuments(filter);
      };
      return Promise.all([search(), estimateRule()]);
    },
  };
}
