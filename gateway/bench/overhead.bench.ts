/**
 * Gateway overhead (issue 18): the cheapest public route, `GET /api/payments/plans` (svc-billing
 * answers its plan catalogue from memory), called at a fixed concurrency straight at svc-billing
 * and through the gateway, for the same time each, alternately. Prints requests per second, the
 * gateway's share of the direct throughput, p50/p95/p99 latency and the p50 the gateway adds.
 * svc-billing and the gateway run as child processes from their sources (testkit `startApp`),
 * against a fresh in-memory MongoDB-compatible server, NATS and stripe-mock.
 *
 * Run: npm run bench -w @onvelope/gateway   (prints a table, asserts nothing)
 * BENCH_CONNECTIONS (default 32) and BENCH_SECONDS (default 10 per round) change the load.
 */
import { Agent, request } from 'node:http';
import { startInfra } from '@onvelope/infra';
import { line, percentile, startApp, startTestIssuer, type BenchApp } from '@onvelope/testkit';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const PATH = '/api/payments/plans';

/** One GET on a kept-alive connection; resolves with its latency in ms once the body is read. */
function get(agent: Agent, base: URL): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(
      { agent, hostname: base.hostname, port: base.port, path: PATH, method: 'GET' },
      (answer) => {
        answer.resume();
        answer.once('end', () => {
          if (answer.statusCode === 200) resolve(performance.now() - started);
          else reject(new Error(`${PATH} answered ${answer.statusCode}`));
        });
      },
    );
    call.once('error', reject);
    call.end();
  });
}

/** `CONNECTIONS` callers in a loop for `SECONDS`: every latency, and calls per second. */
async function load(url: string): Promise<{ perSecond: number; latencies: number[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = new URL(url);
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const caller = async () => {
    while (performance.now() < until) latencies.push(await get(agent, base));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  const took = (performance.now() - started) / 1000;
  agent.destroy();
  return { perSecond: latencies.length / took, latencies };
}

const infra = await startInfra();
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
let billing: BenchApp | undefined;
let gateway: BenchApp | undefined;
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
  const targets = { direct: billing.url, gateway: gateway.url };
  // A short warm-up of each, so both are measured hot.
  for (const url of Object.values(targets)) await load(url);

  const results = { direct: [] as number[], gateway: [] as number[] };
  const rates = { direct: [] as number[], gateway: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, url] of Object.entries(targets) as [keyof typeof targets, string][]) {
      const { perSecond, latencies } = await load(url);
      rates[name].push(perSecond);
      results[name].push(...latencies);
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const row = (name: keyof typeof targets) =>
    `| ${name} | ${Math.round(mean(rates[name]))} | ${[50, 95, 99]
      .map((p) => percentile(results[name], p).toFixed(1))
      .join(' | ')} |`;

  line('# Gateway overhead');
  line(
    `GET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, direct and through the gateway alternately`,
  );
  line();
  line('| target | calls/s | p50 (ms) | p95 (ms) | p99 (ms) |');
  line('|---|---:|---:|---:|---:|');
  line(row('direct'));
  line(row('gateway'));
  line();
  const share = mean(rates.gateway) / mean(rates.direct);
  const addedP50 = percentile(results.gateway, 50) - percentile(results.direct, 50);
  line(
    `gateway throughput ${share.toFixed(2)} of direct (target ≥ 0.6); p50 +${addedP50.toFixed(1)} ms (target ≤ 1 ms on a quiet machine)`,
  );
} finally {
  await gateway?.stop();
  await billing?.stop();
  await issuer.close();
  await infra.stop();
}
