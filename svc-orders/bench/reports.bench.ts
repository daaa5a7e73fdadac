/**
 * Reports benchmark (issue 5): export of 100,000 matching orders in csv and xlsx, and of the pdf
 * limit (10,000) in pdf, through the gateway, measuring time to first byte, total time, rows per
 * second and the peak memory of the svc-orders process; then report search latency over 100,000
 * orders with each filter, and the seller search (GET /api/upload/search) with the stored size of
 * its search text. svc-orders and the gateway run as child processes from their sources
 * (bench/support.ts), svc-orders with the node flags of its package.json, against a fresh
 * in-memory MongoDB-compatible server and NATS.
 *
 * Each export also prints svc-orders' CPU seconds for it and its rate against the csv export's in
 * the same run (wall and CPU), which a machine shared with other work moves less than rows/s.
 *
 * Run: npm run bench -w svc-orders   (after import.bench.ts; prints tables, asserts nothing)
 * BENCH_SKIP_SEARCH=1 measures the exports alone, BENCH_SELLER_SEARCH_ONLY=1 the seller search alone;
 * BENCH_ORDERS (default 100,000) sets the seller's size for a short run.
 */
import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
import { startTestIssuer } from '@onvelope/testkit';
import { orderKeyOf, searchFieldsOf } from '../src/data/tracking-entry.model.js';
import { PDF_ROW_LIMIT } from '../src/export/pdf-writer.js';
import {
  line,
  ordersFlagsLine,
  startOrdersApp,
  startGatewayFor,
  timeRuns,
  type BenchApp,
} from './support.js';

const { BSON } = mongoose.mongo;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SELLER_SEARCH_ONLY = Boolean(process.env.BENCH_SELLER_SEARCH_ONLY);
const SKIP_SEARCH = Boolean(process.env.BENCH_SKIP_SEARCH);
const SEARCH_RUNS = 15;
const ACCOUNT = 'bench-seller';

const statuses = ['pending', 'processing', 'shipped', 'partially_shipped', 'delivered'];
const countries = ['GB', 'US', 'DE', 'FR', 'AU', 'CA', 'IE', 'NL', 'ES', 'IT'];
const couriers = ['Royal Mail', 'DHL', 'UPS', 'USPS', 'FedEx', 'Evri', 'DPD', 'Yodel', 'GLS'];
const products = ['Blue mug', 'Red hoodie', 'Teapot', 'Tote bag', 'Poster A2', 'Sticker pack'];

/**
 * Order i; every 10th goes by Parcelforce, so that at 100,000 orders that courier matches exactly
 * the pdf limit. Written with the driver, so it sets the derived fields mongoose would
 * (tracking-entry.model.ts).
 */
function orderOf(i: number) {
  const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 5 * 60_000);
  const status = statuses[i % statuses.length] as string;
  const order = {
    accountId: ACCOUNT,
    orderNumber: `#${100_000 + i}`,
    source: 'csv',
    version: 1,
    firstName: `Buyer${i % 997}`,
    lastName: `Family${i % 1009}`,
    email: `buyer${i}@example${i % 50}.com`,
    postcode: `SW${i % 20} ${i % 9}AA`,
    status,
    courier: i % 10 === 0 ? 'Parcelforce' : couriers[i % couriers.length],
    trackingNumber: `TRK${String(i * 7919).padStart(12, '0')}`,
    items: `${products[i % products.length]} x${1 + (i % 3)}; ${products[(i + 2) % products.length]}`,
    shippingCountry: countries[i % countries.length],
    shippingAddress1: `${1 + (i % 300)} High Street`,
    shippingAddress2: i % 4 === 0 ? `Flat ${i % 40}` : null,
    shippingCity: `Town ${i % 500}`,
    shippingState: i % 3 === 0 ? 'County' : null,
    shippingZip: `${10_000 + (i % 89_999)}`,
    orderDate: createdAt,
    shippedAt: status === 'shipped' || status === 'delivered' ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  };
  return {
    ...order,
    orderKey: orderKeyOf(ACCOUNT, order.orderNumber),
    ...searchFieldsOf(order),
  };
}

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const database = 'bench_reports';
const ordersEnv = {
  MONGO_URL: infra.mongoUrl,
  NATS_URL: infra.natsUrl,
  MONGO_DB: database,
  AUTH_JWKS_URL: issuer.url,
};
let ordersService: BenchApp | undefined;
let gateway: BenchApp | undefined;

try {
  ordersService = await startOrdersApp(ordersEnv);
  gateway = await startGatewayFor(ordersService);
  const gatewayUrl = gateway.url;

  const db = await mongoose.createConnection(infra.mongoUrl, { dbName: database }).asPromise();
  const collection = db.collection('tracking_entries');
  const insertStart = performance.now();
  const stored = { entryBytes: 0, searchBytes: 0 };
  for (let start = 0; start < ORDERS; start += 5_000) {
    const batch = Array.from({ length: Math.min(5_000, ORDERS - start) }, (_, k) =>
      orderOf(start + k),
    );
    for (const entry of batch) {
      stored.entryBytes += BSON.calculateObjectSize(entry);
      stored.searchBytes += BSON.calculateObjectSize({ searchText: entry.searchText });
    }
    await collection.insertMany(batch);
  }
  line(
    `inserted ${ORDERS.toLocaleString('en-US')} orders in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`,
  );
  line(
    `stored per entry: ${Math.round(stored.entryBytes / ORDERS)} bytes of BSON, of which searchText ` +
      `${Math.round(stored.searchBytes / ORDERS)} bytes`,
  );
  await db.close();

  const token = await issuer.merchantToken(ACCOUNT);
  const post = (path: string, body: unknown) =>
    fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Warms the code paths (first requests load modules) and answers the idle RSS. */
  const settle = async (orders: BenchApp) => {
    await (await post('/api/reports/search', { pageSize: 10 })).json();
    for (const format of ['csv', 'xlsx', 'pdf']) {
      await (await post('/api/reports/export', { format, orderNumber: '#100000' })).arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return orders.memoryMb();
  };

  const exports = [
    { format: 'csv', filters: {}, rows: ORDERS },
    { format: 'xlsx', filters: {}, rows: ORDERS },
    {
      format: 'pdf',
      filters: { courierContains: 'parcelforce' },
      rows: Math.min(PDF_ROW_LIMIT, Math.ceil(ORDERS / 10)),
    },
  ];
  const exportLines: string[] = [];
  const rates = new Map<string, { wall: number; cpu: number }>();
  for (const { format, filters, rows } of SELLER_SEARCH_ONLY ? [] : exports) {
    // A fresh svc-orders on the same port (the gateway points at it), so each format starts from
    // the same idle memory.
    await ordersService.stop();
    ordersService = await startOrdersApp(ordersEnv, ordersService.port);
    const idle = await settle(ordersService);
    const cpuBefore = await ordersService.cpuMs();
    const started = performance.now();
    const response = await post('/api/reports/export', { format, ...filters });
    if (!response.ok || !response.body) throw new Error(`${format} export: ${response.status}`);
    let firstByte = 0;
    let bytes = 0;
    for await (const chunk of response.body) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += (chunk as Uint8Array).byteLength;
    }
    const total = performance.now() - started;
    const cpu = (await ordersService.cpuMs()) - cpuBefore;
    const peak = await ordersService.memoryMb('VmHWM');
    rates.set(format, { wall: rows / (total / 1000), cpu: rows / (cpu / 1000) });
    exportLines.push(
      [
        format.padEnd(6),
        rows.toLocaleString('en-US').padStart(8),
        `${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(9),
        `${firstByte.toFixed(0)} ms`.padStart(9),
        `${(total / 1000).toFixed(1)} s`.padStart(8),
        Math.round(rows / (total / 1000))
          .toLocaleString('en-US')
          .padStart(9),
        `${(cpu / 1000).toFixed(1)} s`.padStart(7),
        Math.round(rows / (cpu / 1000))
          .toLocaleString('en-US')
          .padStart(10),
        `${idle.toFixed(0)} MB`.padStart(9),
        `${peak.toFixed(0)} MB`.padStart(9),
        `+${(peak - idle).toFixed(0)} MB`.padStart(10),
      ].join(' | '),
    );
  }
  line(`\n${ordersFlagsLine()}`);
  if (exportLines.length) {
    line('Export through the gateway (a fresh svc-orders for each format)');
    line(
      'format |     rows |      size |     TTFB |    total |  rows/s |     CPU | rows/CPU s | RSS idle |  RSS peak | above idle',
    );
    for (const text of exportLines) line(text);
    const csv = rates.get('csv');
    for (const format of ['xlsx', 'pdf']) {
      const rate = rates.get(format);
      if (!csv || !rate) continue;
      line(
        `${format} / csv rate: ${(rate.wall / csv.wall).toFixed(3)} wall, ` +
          `${(rate.cpu / csv.cpu).toFixed(3)} per svc-orders CPU second`,
      );
    }
  }

  const searches: [string, Record<string, unknown>][] = [
    ['no filter (createdAt desc)', {}],
    ['orderNumber #1234', { orderNumber: '#1234' }],
    ['email example7.com', { email: 'example7.com' }],
    ['status shipped', { status: 'shipped' }],
    ['courierContains dhl', { courierContains: 'dhl' }],
    ['q (tracking) 0000791', { q: '0000791' }],
    ['itemsContains teapot', { itemsContains: 'teapot' }],
    ['shippingCountry united', { shippingCountryContains: 'united' }],
    ['shippingCountry gb', { shippingCountryContains: 'gb' }],
    ['created one month', { createdFrom: '2025-03-01', createdTo: '2025-03-31' }],
    ['sort customerLastName asc', { sortBy: 'customerLastName', sortDir: 'asc' }],
    ['page 500 of 1,000', { page: 500 }],
  ];
  const reportSearches = SKIP_SEARCH || SELLER_SEARCH_ONLY ? [] : searches;
  if (reportSearches.length) {
    line(
      `\nReport search through the gateway, ${ORDERS.toLocaleString('en-US')} orders, page size 100`,
    );
    line('filter                       |   total | median |    p95');
  }
  for (const [name, filters] of reportSearches) {
    let total = 0;
    const { median, p95 } = await timeRuns(SEARCH_RUNS, async () => {
      const response = await post('/api/reports/search', filters);
      const body = (await response.json()) as { total: number };
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      total = body.total;
    });
    line(
      [
        name.padEnd(28),
        total.toLocaleString('en-US').padStart(7),
        `${median.toFixed(0)} ms`.padStart(6),
        `${p95.toFixed(0)} ms`.padStart(6),
      ].join(' | '),
    );
  }

  const get = (path: string) =>
    fetch(`${gatewayUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const sellerSearches = [
    'buyer4242',
    '#104242',
    '4242',
    'family12',
    'example7.com',
    'hoodie',
    'sw1 1aa',
    'sw',
    'no such order',
  ];
  line(
    `\nSeller search (GET /api/upload/search) through the gateway, ${ORDERS.toLocaleString('en-US')} orders`,
  );
  line('q                            |   total | median |    p95');
  for (const q of SKIP_SEARCH ? [] : sellerSearches) {
    let total = 0;
    const { median, p95 } = await timeRuns(SEARCH_RUNS, async () => {
      const response = await get(`/api/upload/search?q=${encodeURIComponent(q)}`);
      const body = (await response.json()) as { totalCount: number };
      if (!response.ok) throw new Error(`search ${q}: ${response.status} ${JSON.stringify(body)}`);
      total = body.totalCount;
    });
    line(
      [
        `'${q}'`.padEnd(28),
        total.toLocaleString('en-US').padStart(7),
        `${median.toFixed(0)} ms`.padStart(6),
        `${p95.toFixed(0)} ms`.padStart(6),
      ].join(' | '),
    );
  }
} finally {
  await gateway?.stop();
  await ordersService?.stop();
  await issuer.close();
  await infra.stop();
}
