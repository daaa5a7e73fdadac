/**
 * Gateway overhead (issue 18): the cheapest public route, `GET /api/payments/plans` (svc-billing
 * answers its plan catalogue from memory), called straight at svc-billing, through a bare Node.js
 * proxy (`bare-proxy.ts`: keep-alive forwarding and nothing else, the floor any Node proxy starts
 * from) and through the gateway, for the same time each, alternately. At 32 connections it prints
 * throughput and latency (the machine is saturated: the load generator, the proxy and the service
 * share its cores, so the share of direct throughput is what the proxy's CPU per call allows); at
 * one connection the latency the gateway adds to a call on an otherwise idle machine. svc-billing
 * and the gateway run as child processes from their sources (testkit `startApp`), against a fresh
 * in-memory MongoDB-compatible server, NATS and stripe-mock.
 *
 * It also prints the CPU each process spent per call (from /proc): the service, the proxy in the
 * path and the load generator, which share the two cores and so set the throughput.
 *
 * Run: npm run bench -w @onvelope/gateway   (prints a table, asserts nothing)
 * BENCH_CONNECTIONS (default 32) and BENCH_SECONDS (default 10 per round) change the load.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { freePort, startInfra } from '@onvelope/infra';
import {
  atConcurrency,
  line,
  percentile,
  processCpuMs,
  startApp,
  startTestIssuer,
  type BenchApp,
} from '@onvelope/testkit';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const PATH = '/api/payments/plans';

/** One GET on a kept-alive connection; resolves once the body is read. */
function get(agent: Agent, base: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const call = request(
      { agent, hostname: base.hostname, port: base.port, path: PATH, method: 'GET' },
      (answer) => {
        answer.resume();
        answer.once('end', () => {
          if (answer.statusCode === 200) resolve();
          else reject(new Error(`${PATH} answered ${answer.statusCode}`));
        });
      },
    );
    call.once('error', reject);
    call.end();
  });
}

/** `connections` callers in a loop for `seconds`: every latency, and calls per second. */
async function load(
  url: string,
  connections = CONNECTIONS,
  seconds = SECONDS,
): Promise<{ perSecond: number; latencies: number[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(url);
  const { perSecond, latencies, errors } = await atConcurrency(connections, seconds, () =>
    get(agent, base),
  );
  agent.destroy();
  if (errors) throw new Error(`${errors} calls to ${url}${PATH} failed`);
  return { perSecond, latencies };
}

/** The bare proxy in front of `target`, as its own process; resolves once it listens. */
async function startBareProxy(target: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-proxy.ts'], {
    cwd: `${import.meta.dirname}/..`,
    env: { ...process.env, TARGET: target, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout, 'data');
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const infra = await startInfra();
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
let billing: BenchApp | undefined;
let gateway: BenchApp | undefined;
let bare: Awaited<ReturnType<typeof startBareProxy>> | undefined;
try {
  billing = await startApp('svc-billing', {
    MONGO_URL: infra.mongoUrl,
    NATS_URL: infra.natsUrl,
    STRIPE_MOCK_URL: infra.stripeMockUrl,
    AUTH_JWKS_URL: issuer.url,
  });
  gateway = await startApp('gateway', {
    BILLING_SERVICE_URL: billing.url,
    SERVE_FRONTENDS: 'false',
  });
  bare = await startBareProxy(billing.url);
  const targets = { direct: billing.url, 'bare proxy': bare.url, gateway: gateway.url };
  type Target = keyof typeof targets;
  const names = Object.keys(targets) as Target[];
  // A short warm-up of each, so all are measured hot.
  for (const url of Object.values(targets)) await load(url);

  // The process each target's calls pass through besides svc-billing and the load generator.
  const proxies: Record<Target, { cpuMs(): Promise<number> } | undefined> = {
    direct: undefined,
    'bare proxy': bare,
    gateway,
  };
  const results = { direct: [], 'bare proxy': [], gateway: [] } as Record<Target, number[]>;
  const rates = { direct: [], 'bare proxy': [], gateway: [] } as Record<Target, number[]>;
  const cpu = {} as Record<Target, { calls: number; service: number; proxy: number; load: number }>;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of names) {
      const proxy = proxies[name];
      const [serviceBefore, proxyBefore] = await Promise.all([billing.cpuMs(), proxy?.cpuMs()]);
      const loadBefore = process.cpuUsage();
      const { perSecond, latencies } = await load(targets[name]);
      const loadUsed = process.cpuUsage(loadBefore);
      const [serviceAfter, proxyAfter] = await Promise.all([billing.cpuMs(), proxy?.cpuMs()]);
      rates[name].push(perSecond);
      // Not push(...latencies): a round has more calls than a call may have arguments.
      for (const latency of latencies) results[name].push(latency);
      const spent = (cpu[name] ??= { calls: 0, service: 0, proxy: 0, load: 0 });
      spent.calls += latencies.length;
      spent.service += serviceAfter - serviceBefore;
      spent.proxy += (proxyAfter ?? 0) - (proxyBefore ?? 0);
      spent.load += (loadUsed.user + loadUsed.system) / 1000;
    }
  }
  // One caller at a time: the machine is idle but for the call, so this is the gateway's own delay.
  const alone = { direct: [] as number[], gateway: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of ['direct', 'gateway'] as const) {
      for (const latency of (await load(targets[name], 1, SECONDS / 2)).latencies) {
        alone[name].push(latency);
      }
    }
  }

  const share = (name: Target) => mean(rates[name]) / mean(rates.direct);
  const row = (name: Target) =>
    `| ${name} | ${Math.round(mean(rates[name]))} | ${share(name).toFixed(2)} | ${[50, 95, 99]
      .map((p) => percentile(results[name], p).toFixed(1))
      .join(' | ')} |`;

  line('# Gateway overhead');
  line(
    `GET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, the targets alternately`,
  );
  line();
  line('| target | calls/s | share of direct | p50 (ms) | p95 (ms) | p99 (ms) |');
  line('|---|---:|---:|---:|---:|---:|');
  for (const name of names) line(row(name));
  line();
  line('CPU per call (µs), at 32 connections: what each process in the path spent');
  line();
  line('| target | svc-billing | proxy | load generator | all |');
  line('|---|---:|---:|---:|---:|');
  for (const name of names) {
    const { calls, service, proxy, load: generator } = cpu[name];
    const perCall = (ms: number) => ((ms * 1000) / calls).toFixed(0);
    line(
      `| ${name} | ${perCall(service)} | ${proxies[name] ? perCall(proxy) : '-'} | ` +
        `${perCall(generator)} | ${perCall(service + proxy + generator)} |`,
    );
  }
  line();
  const addedP50 = percentile(alone.gateway, 50) - percentile(alone.direct, 50);
  line(
    `gateway throughput ${share('gateway').toFixed(2)} of direct at ${CONNECTIONS} connections (target ≥ 0.6; ` +
      `a bare Node proxy reaches ${share('bare proxy').toFixed(2)} here)`,
  );
  line(
    `one connection: direct p50 ${percentile(alone.direct, 50).toFixed(2)} ms, gateway p50 ` +
      `${percentile(alone.gateway, 50).toFixed(2)} ms: +${addedP50.toFixed(2)} ms (target ≤ 1 ms on a quiet machine)`,
  );
} finally {
  await bare?.stop();
  await gateway?.stop();
  await billing?.stop();
  await issuer.close();
  await infra.stop();
}
