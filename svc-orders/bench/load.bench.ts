/**
 * The dashboard under concurrency (issue 41; not a test): one seller with `BENCH_ROWS` orders
 * (10,000), its list (default first page), summary and search called by `BENCH_CONNECTIONS`
 * callers at once (50 and 200), each calling again as soon as its answer is read, for
 * `BENCH_SECONDS` (30) a call and concurrency: through the gateway into svc-orders (child
 * processes from their sources, svc-orders with its package's node flags), then the same queries
 * sent straight to the driver from this process at the same concurrency (`driverQueriesOf`: what
 * svc-orders sends for each call). Prints calls/s, p50/p95/p99 and errors of both, and the
 * product's share of the driver's throughput (target: >= 0.8, 0 errors).
 *
 * The callers ask for no compression and read each answer's bytes without decoding them, as
 * autocannon does: the client's cost stays out of the figures as far as one machine allows.
 *
 *   node --conditions=source --import tsx bench/load.bench.ts   (from svc-orders/)
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=50   a quicker run
 *   BENCH_CALLS=list                       some of the calls only (list, summary, search)
 *
 * A second table says where the CPU went in each run: the cores the gateway, svc-orders, the
 * database server and this process (the callers, or the driver) used, and the whole machine, so
 * a share below the target can be read as the machine's limit or the product's cost.
 */
import { availableParallelism } from 'node:os';
import {
  atConcurrency,
  count,
  machineBusyMs,
  pidListeningOn,
  processCpuMs,
} from '@onvelope/testkit';
import {
  driverQueriesOf,
  gatewayClientOf,
  line,
  ordersFlagsLine,
  startOrdersBench,
  summaryOf,
  upload,
} from './support.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CALLS = (process.env.BENCH_CALLS ?? 'list,summary,search').split(',');
const CONCURRENCIES = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const WARM_UP_SECONDS = 3;
const SELLER = 'bench-load';
/** 111 of the seller's orders (buyer42, buyer420…, buyer4200…): a full answer, counted again. */
const SEARCHED = 'buyer42';
const TARGET_SHARE = 0.8;

const ms = (value: number) => value.toFixed(1);

const bench = await startOrdersBench('load');
const { infra, issuer, db, gateway, orders } = bench;
try {
  const token = await issuer.merchantToken(SELLER);
  await upload(gateway.url, token, ROWS);

  const driver = driverQueriesOf(db, SELLER);
  const calls = (
    [
      ['list', '/api/upload/tracking-entries', () => driver.list('createdAt')],
      ['summary', '/api/upload/summary', driver.summary],
      ['search', `/api/upload/search?q=${SEARCHED}`, () => driver.search(SEARCHED)],
    ] as const
  ).filter(([name]) => CALLS.includes(name));
  const databasePid = await pidListeningOn(Number(new URL(infra.mongoUrl).port));
  const cpuOf = [
    gateway.cpuMs,
    orders.cpuMs,
    () => (databasePid === undefined ? Promise.resolve(Number.NaN) : processCpuMs(databasePid)),
    () => processCpuMs(process.pid),
    machineBusyMs,
  ];
  const cpuRows: string[] = [];
  /** Runs `callers` at once for SECONDS; the cores each part of `cpuOf` used meanwhile. */
  const measured = async (callers: number, call: () => Promise<unknown>) => {
    const before = await Promise.all(cpuOf.map((read) => read()));
    const started = performance.now();
    const summary = summaryOf(await atConcurrency(callers, SECONDS, call));
    const wallMs = performance.now() - started;
    const after = await Promise.all(cpuOf.map((read) => read()));
    const cores = after.map((ms, i) => ((ms - before[i]!) / wallMs).toFixed(2));
    return { summary, cores: cores.join(' | ') };
  };

  line(
    `svc-orders under concurrency: one seller with ${count(ROWS)} orders, ${SECONDS} s a call and concurrency, MongoDB at ${infra.mongoUrl}`,
  );
  line(ordersFlagsLine());
  line();
  line(
    '| call | callers | product calls/s | p50 / p95 / p99 ms | errors | driver calls/s | p50 / p95 / p99 ms | errors | product ÷ driver |',
  );
  line('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const shares: number[] = [];
  for (const connections of CONCURRENCIES) {
    const client = gatewayClientOf(gateway.url, connections);
    for (const [name, path, direct] of calls) {
      const product = () => client.send({ path, token });
      await atConcurrency(connections, WARM_UP_SECONDS, product);
      const { summary: viaProduct, cores: productCores } = await measured(connections, product);
      await atConcurrency(connections, WARM_UP_SECONDS, direct);
      const { summary: viaDriver, cores: driverCores } = await measured(connections, direct);
      cpuRows.push(`| ${name} | ${connections} | product | ${productCores} |`);
      cpuRows.push(`| ${name} | ${connections} | driver | ${driverCores} |`);
      const share = viaProduct.perSecond / viaDriver.perSecond;
      shares.push(share);
      line(
        `| ${name} | ${connections} | ${viaProduct.perSecond.toFixed(0)} | ${ms(viaProduct.p50)} / ${ms(viaProduct.p95)} / ${ms(viaProduct.p99)} | ${viaProduct.errors} | ${viaDriver.perSecond.toFixed(0)} | ${ms(viaDriver.p50)} / ${ms(viaDriver.p95)} / ${ms(viaDriver.p99)} | ${viaDriver.errors} | ${share.toFixed(2)} |`,
      );
    }
    client.close();
  }
  line();
  line(
    `Cores used meanwhile (the machine has ${availableParallelism()}; "this process" is the callers, or the driver):`,
  );
  line();
  line('| call | callers | via | gateway | svc-orders | database | this process | machine |');
  line('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  cpuRows.forEach((row) => line(row));
  line();
  line(
    `lowest share of the driver's throughput: ${Math.min(...shares).toFixed(2)} (target >= ${TARGET_SHARE})`,
  );
} finally {
  await bench.stop();
}
