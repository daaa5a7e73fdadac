/**
 * Reports benchmark (issue 5): export of 100,000 matching orders in csv and xlsx, and of the pdf
 * limit (10,000) in pdf, through the gateway, measuring time to first byte, total time, rows per
 * second and the peak memory (VmRSS) of the svc-orders process; then report search latency over
 * 100,000 orders with each filter. svc-orders and the gateway run as child processes from their
 * sources, against a fresh in-memory MongoDB-compatible server and NATS.
 *
 * Run: npm run bench -w svc-orders   (prints a table; not a test, nothing is asserted)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { freePort, startInfra } from '@onvelope/infra';
import { startTestIssuer } from '@onvelope/testkit';
import { PDF_ROW_LIMIT } from '../src/export/pdf-writer.js';

const ORDERS = 100_000;
const SEARCH_RUNS = 15;
const ACCOUNT = 'bench-seller';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const statuses = ['pending', 'processing', 'shipped', 'partially_shipped', 'delivered'];
const countries = ['GB', 'US', 'DE', 'FR', 'AU', 'CA', 'IE', 'NL', 'ES', 'IT'];
const couriers = ['Royal Mail', 'DHL', 'UPS', 'USPS', 'FedEx', 'Evri', 'DPD', 'Yodel', 'GLS'];
const products = ['Blue mug', 'Red hoodie', 'Teapot', 'Tote bag', 'Poster A2', 'Sticker pack'];

/** Order i; every 10th goes by Parcelforce, so that courier matches exactly the pdf limit. */
function orderOf(i: number) {
  const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 5 * 60_000);
  const status = statuses[i % statuses.length] as string;
  return {
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
    searchTerms: [],
  };
}

/** VmRSS: resident now; VmHWM: the highest it has been since the process started. */
async function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

function startApp(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...flags, '--conditions=source', '--import', 'tsx', entry],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.once('exit', (code) => {
    if (code) console.error(`${name} exited with ${code}`);
  });
  return child;
}

async function waitReady(url: string) {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const line = (text = '') => process.stdout.write(`${text}\n`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer();
const [ordersPort, gatewayPort] = [await freePort(), await freePort()];
const database = 'bench_reports';
const ordersEnv = {
  PORT: String(ordersPort),
  MONGO_URL: infra.mongoUrl,
  NATS_URL: infra.natsUrl,
  MONGO_DB: database,
  AUTH_JWKS_URL: issuer.url,
};
let ordersService = startApp('svc-orders', 'svc-orders/src/main.ts', ordersEnv);
const stopped = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
/** A fresh svc-orders, so each format starts from the same idle memory. */
async function restartOrdersService() {
  ordersService.kill('SIGTERM');
  await stopped(ordersService);
  ordersService = startApp('svc-orders', 'svc-orders/src/main.ts', ordersEnv);
  await waitReady(`http://127.0.0.1:${ordersPort}/readyz`);
}
const gatewayProcess = startApp('gateway', 'gateway/src/main.ts', {
  PORT: String(gatewayPort),
  ORDERS_SERVICE_URL: `http://127.0.0.1:${ordersPort}`,
  SERVE_FRONTENDS: 'false',
});
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

try {
  await waitReady(`http://127.0.0.1:${ordersPort}/readyz`);
  await waitReady(`${gatewayUrl}/healthz`);

  const db = await mongoose.createConnection(infra.mongoUrl, { dbName: database }).asPromise();
  const collection = db.collection('tracking_entries');
  const insertStart = performance.now();
  for (let start = 0; start < ORDERS; start += 5_000) {
    await collection.insertMany(
      Array.from({ length: Math.min(5_000, ORDERS - start) }, (_, k) => orderOf(start + k)),
    );
  }
  line(
    `inserted ${ORDERS.toLocaleString('en-US')} orders in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`,
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
  const settle = async (pid: number) => {
    await (await post('/api/reports/search', { pageSize: 10 })).json();
    for (const format of ['csv', 'xlsx', 'pdf']) {
      await (await post('/api/reports/export', { format, orderNumber: '#100000' })).arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return memoryMb(pid);
  };

  const exports = [
    { format: 'csv', filters: {}, rows: ORDERS },
    { format: 'xlsx', filters: {}, rows: ORDERS },
    { format: 'pdf', filters: { courierContains: 'parcelforce' }, rows: PDF_ROW_LIMIT },
  ];
  const exportLines: string[] = [];
  for (const { format, filters, rows } of exports) {
    await restartOrdersService();
    const pid = ordersService.pid as number;
    const idle = await settle(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      void memoryMb(pid).then((mb) => (peak = Math.max(peak, mb)));
    }, 50);
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
    clearInterval(sampler);
    peak = Math.max(peak, await memoryMb(pid, 'VmHWM'));
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
        `${idle.toFixed(0)} MB`.padStart(9),
        `${peak.toFixed(0)} MB`.padStart(9),
        `+${(peak - idle).toFixed(0)} MB`.padStart(10),
      ].join(' | '),
    );
  }
  line('\nExport through the gateway (a fresh svc-orders for each format)');
  line(
    'format |     rows |      size |     TTFB |    total |  rows/s | RSS idle |  RSS peak | above idle',
  );
  for (const text of exportLines) line(text);

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
  line('\nReport search through the gateway, 100,000 orders, page size 100');
  line('filter                       |   total | median |    p95');
  // BENCH_SKIP_SEARCH=1 measures the exports alone.
  for (const [name, filters] of process.env.BENCH_SKIP_SEARCH ? [] : searches) {
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < SEARCH_RUNS + 1; run += 1) {
      const started = performance.now();
      const response = await post('/api/reports/search', filters);
      const body = (await response.json()) as { total: number };
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      // The first run warms the path and is not counted.
      if (run > 0) times.push(performance.now() - started);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    line(
      [
        name.padEnd(28),
        total.toLocaleString('en-US').padStart(7),
        `${percentile(times, 50).toFixed(0)} ms`.padStart(6),
        `${percentile(times, 95).toFixed(0)} ms`.padStart(6),
      ].join(' | '),
    );
  }
} finally {
  for (const child of [gatewayProcess, ordersService]) child.kill('SIGTERM');
  await Promise.all([gatewayProcess, ordersService].map(stopped));
  await issuer.close();
  await infra.stop();
}
