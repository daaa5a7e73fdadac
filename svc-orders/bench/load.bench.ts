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
 *   BENCH_ROUNDS=3                         product and driver take turns, SECONDS / ROUNDS each
 *                                          (after a warm-up of both), so the machine's or the
 *                                          database's drift over the run weighs on both alike
 *
 * A second table says where the CPU went in each run: the cores the gateway, svc-orders, the
 * database server and this process (the callers, or the driver) used, and the whole machine, so
 * a share below the target can be read as the machine's limit or the product's cost.
 */
import { availableParallelism } from 'node:os';
import {
  atConcurrency,
  count,
  databaseProcessOf,
  machineBusyMs,
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
/** Product and driver take turns this many times, so a drift over the run weighs on both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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
  const driver = driverQueriesOf(db, SELLER);
  const everyCall = [
    ['list', '/api/upload/tracking-entries', () => driver.list('createdAt')],
    ['summary', '/api/upload/summary', driver.summary],
    ['search', `/api/upload/search?q=${SEARCHED}`, () => driver.search(SEARCHED)],
  ] as const;
  const unknownCalls = CALLS.filter((name) => !everyCall.some(([known]) => known === name));
  if (unknownCalls.length)
    throw new Error(`BENCH_CALLS names no such call: ${unknownCalls.join(', ')}`);
  const calls = everyCall.filter(([name]) => CALLS.includes(name));
  const token = await issuer.merchantToken(SELLER);
  await upload(gateway.url, token, ROWS);
  const database = await databaseProcessOf(infra.mongoUrl);
  const databaseCpuMs = async () => (await database.cpuMs()) ?? Number.NaN;
  // In the order of the CPU table's columns.
  const cpuOf = [
    gateway.cpuMs,
    orders.cpuMs,
    databaseCpuMs,
    () => processCpuMs(process.pid),
    machineBusyMs,
  ];
  const cpuRows: string[] = [];
  /** What one side (product or driver) of a call and concurrency did, over all its rounds. */
  const sideOf = () => ({
    latencies: [] as number[],
    errors: 0,
    wallMs: 0,
    cpuMs: cpuOf.map(() => 0),
  });
  type Side = ReturnType<typeof sideOf>;
  /** Runs `callers` at once for a round's seconds, adding what they did to `side`. */
  const round = async (side: Side, callers: number, call: () => Promise<unknown>) => {
    const before = await Promise.all(cpuOf.map((read) => read()));
    const started = performance.now();
    const run = await atConcurrency(callers, SECONDS / ROUNDS, call);
    side.wallMs += performance.now() - started;
    const after = await Promise.all(cpuOf.map((read) => read()));
    after.forEach((used, i) => (side.cpuMs[i]! += used - before[i]!));
    side.latencies = side.latencies.concat(run.latencies);
    side.errors += run.errors;
  };
  const summaryOfSide = (side: Side) =>
    summaryOf({
      latencies: side.latencies,
      errors: side.errors,
      perSecond: (side.latencies.length + side.errors) / (side.wallMs / 1000),
    });
  /** The cores each part of `cpuOf` used, and the database's CPU ms a call. */
  const cpuRowOf = (side: Side) => {
    const calls = side.latencies.length + side.errors;
    const cores = side.cpuMs.map((used) => (used / side.wallMs).toFixed(2));
    const databaseMs = side.cpuMs[cpuOf.indexOf(databaseCpuMs)]! / calls;
    return `${cores.join(' | ')} | ${databaseMs.toFixed(1)}`;
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
      await atConcurrency(connections, WARM_UP_SECONDS, direct);
      const [productSide, driverSide] = [sideOf(), sideOf()];
      for (let turn = 0; turn < ROUNDS; turn += 1) {
        await round(productSide, connections, product);
        await round(driverSide, connections, direct);
      }
      const [viaProduct, viaDriver] = [summaryOfSide(productSide), summaryOfSide(driverSide)];
      cpuRows.push(`| ${name} | ${connections} | product | ${cpuRowOf(productSide)} |`);
      cpuRows.push(`| ${name} | ${connections} | driver | ${cpuRowOf(driverSide)} |`);
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
  line(
    '| call | callers | via | gateway | svc-orders | database | this process | machine | database CPU ms a call |',
  );
  line('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  cpuRows.forEach((row) => line(row));
  line();
  line(
    `lowest share of the driver's throughput: ${Math.min(...shares).toFixed(2)} (target >= ${TARGET_SHARE})`,
  );
} finally {
  await bench.stop();
}
