/**
 * Many imports at once (issue 41; not a test): `BENCH_SELLERS` sellers (default 10) each upload a
 * file of `BENCH_ROWS` orders (default 10,000) at the same moment, through the gateway into one
 * svc-orders, while another seller, who already has 1,000 orders, keeps using the dashboard (its
 * summary and its first list page, a round every 250 ms). svc-orders and the gateway run as child
 * processes from their sources (bench/support.ts), svc-orders with its package's node flags; each
 * seller's browser is a process of its own (`uploaderInAnotherProcess`), loaded before anything is
 * timed. First one seller imports the same file alone, for the rate one import gets.
 *
 * Prints the time until every import has answered (each must store all its rows, or the bench
 * fails), the rows per second of all of them together against the one import alone, and the
 * dashboard seller's p95 per call idle and during the imports (target: during <= 2x idle).
 *
 *   node --conditions=source --import tsx bench/concurrent-imports.bench.ts   (from svc-orders/)
 *   BENCH_ROWS=2000 BENCH_SAMPLES=20   a quicker run (rows per seller; idle rounds)
 */
import {
  driverQueriesOf,
  getAs,
  line,
  ordersFlagsLine,
  percentile,
  startOrdersBench,
  upload,
  uploaderInAnotherProcess,
} from './support.js';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 10);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** Idle rounds: about as many as the imports last rounds at full size, so both p95s read alike. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 80);
const DASHBOARD_ORDERS = 1_000;
const ROUND_MS = 250;

const DASHBOARD_SELLER = 'bench-dashboard';
const calls = [
  ['summary', '/api/upload/summary'],
  ['list page 1', '/api/upload/tracking-entries'],
] as const;
type Phase = 'idle' | 'during';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bench = await startOrdersBench('concurrent');
const { infra, issuer, db, orders, gateway } = bench;
try {
  const gatewayUrl = gateway.url;
  const token = (seller: string) => issuer.merchantToken(seller);

  await upload(gatewayUrl, await token(DASHBOARD_SELLER), DASHBOARD_ORDERS);
  const uploaderAlone = await uploaderInAnotherProcess(
    gatewayUrl,
    await token('bench-alone'),
    ROWS,
  );
  const cpuBeforeAlone = await orders.cpuMs();
  const aloneSeconds = await uploaderAlone.start();
  const aloneCpuSeconds = ((await orders.cpuMs()) - cpuBeforeAlone) / 1000;

  const getDashboard = getAs(gatewayUrl, await token(DASHBOARD_SELLER));
  // The same two queries with the driver, after the calls in each round: how much of a call's
  // slowdown is the database's own (for information; the target is on the calls).
  const driver = driverQueriesOf(db, DASHBOARD_SELLER);
  const timed: [string, () => Promise<unknown>][] = [
    ...calls.map(([name, path]): [string, () => Promise<unknown>] => [
      name,
      () => getDashboard(path),
    ]),
    ['summary, driver', driver.summary],
    ['list, driver', () => driver.list('createdAt')],
  ];
  const times = new Map<string, Record<Phase, number[]>>(
    timed.map(([name]) => [name, { idle: [], during: [] }]),
  );
  const round = async (phase: Phase | null) => {
    const started = performance.now();
    for (const [name, call] of timed) {
      const callStarted = performance.now();
      await call();
      if (phase) times.get(name)![phase].push(performance.now() - callStarted);
    }
    await sleep(Math.max(0, ROUND_MS - (performance.now() - started)));
  };

  const uploaders = await Promise.all(
    Array.from({ length: SELLERS }, async (_, n) =>
      uploaderInAnotherProcess(gatewayUrl, await token(`bench-importer-${n}`), ROWS),
    ),
  );
  await round(null);
  for (let n = 0; n < SAMPLES; n += 1) await round('idle');

  const cpuBefore = await orders.cpuMs();
  const started = performance.now();
  const finishes: number[] = [];
  let failed: unknown;
  const importing = Promise.all(
    uploaders.map((uploader) =>
      uploader.start().then((seconds) => {
        finishes.push(seconds);
      }),
    ),
  ).catch((error: unknown) => {
    failed = error;
  });
  let duringRounds = 0;
  while (finishes.length < SELLERS && failed === undefined) {
    await round('during');
    duringRounds += 1;
  }
  await importing;
  if (failed !== undefined) throw failed;
  const allSeconds = (performance.now() - started) / 1000;
  const allCpuSeconds = ((await orders.cpuMs()) - cpuBefore) / 1000;

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const rate = (rows: number, seconds: number) =>
    Math.round(rows / seconds).toLocaleString('en-US');
  const p95 = (values: number[]) => percentile(values, 95);
  line();
  line(
    `svc-orders concurrent imports: ${SELLERS} sellers x ${ROWS.toLocaleString('en-US')} rows at ` +
      `once, another seller (${DASHBOARD_ORDERS.toLocaleString('en-US')} orders) on the dashboard, ` +
      `MongoDB at ${infra.mongoUrl}`,
  );
  line(ordersFlagsLine());
  line(`one import alone: ${aloneSeconds.toFixed(1)} s, ${rate(ROWS, aloneSeconds)} rows/s`);
  line(
    `all ${SELLERS} finished (every row stored) in ${allSeconds.toFixed(1)} s: ` +
      `${rate(SELLERS * ROWS, allSeconds)} rows/s in total, ` +
      `${((SELLERS * ROWS) / allSeconds / (ROWS / aloneSeconds)).toFixed(2)}x the import alone; ` +
      `each import ${Math.min(...finishes).toFixed(1)}-${Math.max(...finishes).toFixed(1)} s`,
  );
  // Whether svc-orders works harder per row with many imports at once, or waits (for the database,
  // for the dashboard's calls it gives way to): its CPU per 1,000 rows and its share of a core.
  const perThousand = (cpuSeconds: number, rows: number) => ((cpuSeconds * 1000) / rows).toFixed(2);
  line(
    `svc-orders CPU: alone ${perThousand(aloneCpuSeconds, ROWS)} s per 1,000 rows ` +
      `(${(aloneCpuSeconds / aloneSeconds).toFixed(2)} of a core), at once ` +
      `${perThousand(allCpuSeconds, SELLERS * ROWS)} s per 1,000 rows ` +
      `(${(allCpuSeconds / allSeconds).toFixed(2)} of a core; the dashboard's calls included)`,
  );
  line();
  line(
    `The dashboard seller's calls through the gateway, then the same queries with the driver, p95 ms ` +
      `(rounds every ${ROUND_MS} ms: idle ${SAMPLES}, during ${duringRounds}; target during <= 2x ` +
      'idle for the calls)',
  );
  line(`  ${'call'.padEnd(16)}${pad('idle', 9)}${pad('during', 9)}${pad('during/idle', 13)}`);
  for (const [name, { idle, during }] of times) {
    line(
      `  ${name.padEnd(16)}${pad(p95(idle).toFixed(1), 9)}${pad(p95(during).toFixed(1), 9)}` +
        `${pad((p95(during) / p95(idle)).toFixed(2), 13)}`,
    );
  }
} finally {
  await bench.stop();
}
