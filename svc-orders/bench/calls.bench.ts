/**
 * What one call costs, for the calls deploy/CAPACITY.md had not measured (issue 40; not a test):
 * the buyer's tracking page (`GET /api/customer/track`, a signed link), the public lookup
 * (`POST /api/customer/lookup`), mark as shipped and keyword-rule apply, each through the gateway
 * into svc-orders (child processes from their sources, svc-orders with its package's node flags)
 * against `startInfra`'s database and NATS, for one seller with `BENCH_ORDERS` orders (10,000; the
 * upload's mix of statuses, 40 % shipped or delivered with tracking numbers) and a keyword rule.
 *
 * The tracking page, the lookup and mark as shipped run at `BENCH_CALLERS` callers (16), each
 * calling again as soon as its answer is read, for `BENCH_SECONDS` (10) after a 2 s warm-up.
 * Applying the rules is a job, one at a time per seller (callers of one seller would all wait on
 * the same job), so it runs as the seller runs it: one job after another for `BENCH_SECONDS`, each
 * from the call to its end. Prints calls/s, p50/p95/p99, errors, and each process's CPU over the
 * run (`/proc/<pid>/stat`) divided by its calls.
 *
 *   node --conditions=source --import tsx bench/calls.bench.ts   (from svc-orders/)
 *   BENCH_ORDERS=1000 BENCH_SECONDS=3   a quicker run
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  applyKeywordRules,
  createKeywordRule,
  createTrackingLink,
  getRuleApplyJob,
  keywordRuleResponse,
  lookupOrder,
  markShipped,
  openTrackingLink,
  ruleApplyJobResponse,
  updateKeywordRule,
  type RouteContract,
  type RuleApplyJob,
} from '@onvelope/contracts';
import {
  atConcurrency,
  count,
  pidListeningOn,
  processCpuMs,
  type ConcurrencyRun,
} from '@onvelope/testkit';
import type { TrackingEntryDocument } from '../src/data/tracking-entry.model.js';
import { settledStatuses } from '../src/use-cases/apply-keyword-rules.js';
import {
  gatewayClientOf,
  line,
  ordersFlagsLine,
  percentile,
  startOrdersBench,
  summaryOf,
  upload,
} from './support.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const SELLER = 'bench-calls';
/** How many of the seller's orders (spread over them) the pages and lookups go round. */
const PAGES = 200;
/** The apply's progress is read this often (the rule manager reads it every second). */
const JOB_POLL_MS = 100;
/** Matches one order in seven (the upload's items are `Tee #…; Mug #<i mod 7>`). */
const RULE_KEYWORD = 'Mug #3';

const bench = await startOrdersBench('calls', {
  // Every call comes from one address here: the gateway's lookup limit (30 a minute) and
  // svc-orders' failed-lookup limit would refuse what many buyers may do (as shell/e2e/support.ts).
  LOOKUP_RATE_LIMIT: '1000000000',
  LOOKUP_MAX_FAILURES_PER_IP: '1000000000',
});
const { infra, issuer, db, gateway, orders } = bench;

/** The database and NATS servers, when they run on this machine as this user (for their CPU). */
const portOf = (url: string) => Number(new URL(url.split(',')[0]!).port);
const servers = {
  database: await pidListeningOn(portOf(infra.mongoUrl)),
  nats: await pidListeningOn(portOf(infra.natsUrl)),
};
const parts = [
  ['gateway', () => gateway.cpuMs()],
  ['svc-orders', () => orders.cpuMs()],
  ['database', () => (servers.database ? processCpuMs(servers.database) : Number.NaN)],
  ['NATS', () => (servers.nats ? processCpuMs(servers.nats) : Number.NaN)],
] as const;
type Part = (typeof parts)[number][0];
type PartsCpu = Record<Part, number>;

/** Each part's CPU (ms) while `work` ran. */
async function cpuWhile<T>(work: () => Promise<T>): Promise<{ result: T; cpu: PartsCpu }> {
  const before = await Promise.all(parts.map(([, cpuMs]) => cpuMs()));
  const result = await work();
  const after = await Promise.all(parts.map(([, cpuMs]) => cpuMs()));
  const cpu = Object.fromEntries(parts.map(([part], i) => [part, after[i]! - before[i]!]));
  return { result, cpu: cpu as PartsCpu };
}

/** A figure, or '-' where there is none (a server not started here, no call answered). */
const fixed = (digits: number) => (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? value.toFixed(digits) : '-';
const ms = fixed(2);
/** Gateway and svc-orders: what "per core" counts. */
const appsCpu = (cpu: PartsCpu) => cpu.gateway + cpu['svc-orders'];

/**
 * One row of the table: throughput, latency, errors, each part's CPU divided by the calls, their
 * total (the parts measured), and the calls one core of gateway + svc-orders serves.
 */
function row(
  name: string,
  callers: number,
  calls: number,
  run: { perSecond: number; p50: number; p95: number; p99: number; errors: number },
  cpu: PartsCpu,
) {
  const per = parts.map(([part]) => cpu[part] / calls);
  const total = per.filter(Number.isFinite).reduce((sum, value) => sum + value, 0);
  const latency = [run.p50, run.p95, run.p99].map(fixed(1)).join(' / ');
  line(
    `| ${name} | ${callers} | ${count(calls)} | ${run.perSecond.toFixed(1)} | ${latency} | ${run.errors} | ` +
      `${per.map(ms).join(' | ')} | ${ms(total)} | ${count(Math.round((1000 * calls) / appsCpu(cpu)))} |`,
  );
}

/** The first failure of each call, printed under the table. */
const failures = new Map<string, unknown>();
/** `call`, its first failure kept under `name`. */
const noting =
  <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    call(...args).catch((error: unknown) => {
      if (!failures.has(name)) failures.set(name, error);
      throw error;
    });

/**
 * A call's warm-up, then its measured run and its row, with the CPU of each part over the run;
 * answers that CPU, the run's calls and its seconds.
 */
async function measure(
  name: string,
  callers: number,
  warmUp: () => Promise<unknown>,
  run: () => Promise<ConcurrencyRun>,
) {
  await warmUp();
  const started = performance.now();
  const { result, cpu } = await cpuWhile(run);
  const calls = result.latencies.length + result.errors;
  row(name, callers, calls, summaryOf(result), cpu);
  return { cpu, calls, seconds: (performance.now() - started) / 1000 };
}

/** `call` at `CALLERS` callers for `BENCH_SECONDS`, after a warm-up at as many. */
const atCallers = (name: string, call: () => Promise<unknown>) => {
  const noted = noting(name, call);
  return measure(
    name,
    CALLERS,
    () => atConcurrency(CALLERS, WARM_UP_SECONDS, noted),
    () => atConcurrency(CALLERS, SECONDS, noted),
  );
};

/**
 * `atConcurrency`'s closed loop for calls that can each be made once (shipping an order): `CALLERS`
 * callers, each taking the next of `items` as soon as its last call ended, until the items or
 * `seconds` run out.
 */
function eachOnce<T>(items: T[], seconds: number, call: (item: T) => Promise<unknown>) {
  let next = 0;
  return atConcurrency(
    CALLERS,
    seconds,
    () => call(items[next++]!),
    () => next < items.length,
  );
}

/** The method and path of a contract's route, its `{name}` parameters filled in. */
const callOf = (route: RouteContract, params: Record<string, string> = {}) => ({
  method: route.method,
  path: route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!)),
});
const nameOf = (route: RouteContract) => `\`${route.method} ${route.path}\``;

const parsed = <T>(schema: z.ZodType<T>, bytes: Buffer) =>
  schema.parse(JSON.parse(bytes.toString('utf8')));

const client = gatewayClientOf(gateway.url, CALLERS);
try {
  const token = await issuer.merchantToken(SELLER);
  await upload(gateway.url, token, ORDERS);
  const entries = db.collection<TrackingEntryDocument>('tracking_entries');
  const stored = await entries
    .find({ accountId: SELLER })
    .project<Pick<TrackingEntryDocument, 'orderNumber' | 'email' | 'postcode'>>({
      orderNumber: 1,
      email: 1,
      postcode: 1,
    })
    .sort({ _id: 1 })
    .toArray();
  const step = Math.max(1, Math.floor(stored.length / PAGES));
  const sampled = stored.filter((_, i) => i % step === 0);
  /** The signed links the seller hands out (the token of each page's `?link=`). */
  const links: string[] = [];
  for (const { orderNumber } of sampled) {
    const answer = await client.send({ ...callOf(createTrackingLink, { orderNumber }), token });
    links.push(
      new URL(parsed(createTrackingLink.schemas.response, answer).url).searchParams.get('link')!,
    );
  }
  const ruleInput = (message: string) => ({
    keyword: RULE_KEYWORD,
    action: 'add_message',
    customMessage: message,
  });
  const { rule } = parsed(
    keywordRuleResponse,
    await client.send({ ...callOf(createKeywordRule), token, body: ruleInput('Packed with care') }),
  );

  line(
    `svc-orders per call: one seller with ${count(ORDERS)} orders, ${CALLERS} callers, ${SECONDS} s a call after ${WARM_UP_SECONDS} s of warm-up, MongoDB at ${infra.mongoUrl}`,
  );
  line(ordersFlagsLine());
  line(
    `CPU from /proc of: gateway ${gateway.pid}, svc-orders ${orders.pid}, database ${servers.database ?? '- (not started here)'}, NATS ${servers.nats ?? '- (not started here)'}`,
  );
  line();
  line(
    '| call | callers | calls | calls/s | p50 / p95 / p99 ms | errors | CPU ms a call: gateway | svc-orders | database | NATS | total | calls/s per core (gateway + svc-orders) |',
  );
  line('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');

  let nextLink = 0;
  await atCallers(`buyer tracking page ${nameOf(openTrackingLink)}`, () =>
    client.send({
      path: `${openTrackingLink.path}?token=${encodeURIComponent(links[nextLink++ % links.length]!)}`,
    }),
  );

  let nextLookup = 0;
  await atCallers(`public lookup ${nameOf(lookupOrder)}`, () => {
    const { orderNumber, email, postcode } = sampled[nextLookup++ % sampled.length]!;
    return client.send({ ...callOf(lookupOrder), body: { orderNumber, email, postcode } });
  });

  // Before shipping, so that every job sees the file's unshipped orders.
  let edits = 0;
  /**
   * One apply as the seller makes it after editing the rule: the rule's message changed (so the
   * job rewrites every unshipped order the rule matches), the call, then the job's progress read
   * until it ends.
   */
  const applyOnce = async () => {
    edits += 1;
    await client.send({
      ...callOf(updateKeywordRule, { id: rule.id }),
      token,
      body: ruleInput(`Packed with care (${edits})`),
    });
    const started = performance.now();
    let { job } = parsed(
      ruleApplyJobResponse,
      await client.send({ ...callOf(applyKeywordRules), token }),
    );
    const answeredMs = performance.now() - started;
    while (job.status === 'running') {
      await sleep(JOB_POLL_MS);
      const progress = await client.send({ ...callOf(getRuleApplyJob, { jobId: job.id }), token });
      ({ job } = parsed(ruleApplyJobResponse, progress));
    }
    if (job.status !== 'done') throw new Error(`the apply job ${job.status}: ${job.message}`);
    return { answeredMs, endedMs: performance.now() - started, job };
  };
  const applied: { answeredMs: number; endedMs: number; job: RuleApplyJob }[] = [];
  const applyName = `keyword-rule apply ${nameOf(applyKeywordRules)}, a job from the call to its end`;
  const applyNoted = noting(applyName, applyOnce);
  const { cpu: applyCpu } = await measure(applyName, 1, applyNoted, async () => {
    let errors = 0;
    const started = performance.now();
    while (performance.now() < started + SECONDS * 1000 || applied.length + errors === 0) {
      await applyNoted().then(
        (run) => applied.push(run),
        () => (errors += 1),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    const latencies = applied.map((run) => run.endedMs);
    return { latencies, errors, perSecond: (latencies.length + errors) / seconds };
  });

  const unshipped = await entries
    .find({ accountId: SELLER, status: { $nin: [...settledStatuses] } })
    .project<Pick<TrackingEntryDocument, 'orderNumber'>>({ orderNumber: 1 })
    .toArray();
  const shipName = `mark as shipped ${nameOf(markShipped)}`;
  const ship = noting(shipName, (order: Pick<TrackingEntryDocument, 'orderNumber'>) =>
    client.send({
      ...callOf(markShipped, { orderNumber: order.orderNumber }),
      token,
      body: { courier: 'Royal Mail', trackingNumber: `BN-${order.orderNumber}` },
    }),
  );
  // Each call ships an order of its own: the warm-up takes at most a tenth of them.
  const warmUpOrders = unshipped.splice(0, Math.ceil(unshipped.length / 10));
  const shipRun = await measure(
    shipName,
    CALLERS,
    () => eachOnce(warmUpOrders, WARM_UP_SECONDS, ship),
    () => eachOnce(unshipped, SECONDS, ship),
  );

  line();
  const answered = applied.map((run) => run.answeredMs);
  const ran = applied.map((run) => Date.parse(run.job.finishedAt!) - Date.parse(run.job.startedAt));
  const examined = applied.reduce((sum, run) => sum + run.job.examined, 0);
  const changed = applied.reduce((sum, run) => sum + run.job.changed, 0);
  const perThousand = parts.map(([part]) => ms((applyCpu[part] / examined) * 1000));
  line(
    `keyword-rule apply: ${applied.length} jobs, each over ${count(Math.round(examined / applied.length))} unshipped orders of which it changed ${count(Math.round(changed / applied.length))} (the rule's message edited before each). ` +
      `The call answered (202) in p50 ${fixed(1)(percentile(answered, 50))} / p95 ${fixed(1)(percentile(answered, 95))} ms; the job itself ran (startedAt → finishedAt) p50 ${fixed(0)(percentile(ran, 50))} ms. ` +
      `Its row counts a job from the call until its end was read (every ${JOB_POLL_MS} ms); its CPU includes the rule's edit and the progress reads.`,
  );
  line(
    `keyword-rule apply per 1,000 orders examined, CPU ms: gateway ${perThousand[0]}, svc-orders ${perThousand[1]}, database ${perThousand[2]}, NATS ${perThousand[3]}; ` +
      `${count(Math.round((examined * 1000) / appsCpu(applyCpu)))} orders examined a second per core of gateway + svc-orders.`,
  );
  if (shipRun.calls === unshipped.length) {
    line(
      `mark as shipped ended after ${shipRun.seconds.toFixed(1)} s of ${SECONDS}: it had shipped all ${count(unshipped.length)} unshipped orders left after its warm-up (raise BENCH_ORDERS for a full run).`,
    );
  }
  for (const [name, error] of failures) line(`first failure of ${name}: ${String(error)}`);
  line(
    "calls/s per core = 1000 ÷ (gateway + svc-orders CPU ms a call): what one core of the two apps serves; the database and NATS are sized apart; svc-auth's answers (the seller's name and country) come from this bench's stand-in, whose CPU is not counted.",
  );
} finally {
  client.close();
  await bench.stop();
}
