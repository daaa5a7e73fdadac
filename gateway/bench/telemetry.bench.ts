/**
 * What OpenTelemetry costs (issue 36): svc-orders' `GET /api/upload/summary` (a seller's counts,
 * one aggregation in MongoDB) called straight at svc-orders and through the gateway, with the apps
 * started without telemetry and with it on (`OTEL_EXPORTER_OTLP_ENDPOINT` at a real Jaeger, every
 * call traced: http, koa and mongodb spans exported in batches). The two sides alternate, each
 * round starting the apps afresh, and the median of the rounds is printed with the load average
 * (the machine may be shared). The apps run as child processes from their sources (testkit
 * `startApp`), against a fresh in-memory MongoDB-compatible server and NATS.
 *
 * Run: npm run bench:telemetry -w @onvelope/gateway   (prints a table, asserts nothing)
 * BENCH_CONNECTIONS (default 32), BENCH_SECONDS (default 10 per measure), BENCH_ROUNDS (default 3).
 * BENCH_OTLP_ENDPOINT: an OTLP/HTTP receiver already running, instead of starting Jaeger.
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { startInfra, startJaeger } from '@onvelope/infra';
import { line, percentile, startApp, startTestIssuer, type BenchApp } from '@onvelope/testkit';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PATH = '/api/upload/summary';

/** One authenticated GET on a kept-alive connection; resolves once the body is read. */
function get(agent: Agent, base: URL, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        agent,
        hostname: base.hostname,
        port: base.port,
        path: PATH,
        headers: { authorization: `Bearer ${token}` },
      },
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

/** `CONNECTIONS` callers in a loop for `seconds`: calls per second. */
async function callsPerSecond(url: string, token: string, seconds = SECONDS): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = new URL(url);
  let calls = 0;
  const until = performance.now() + seconds * 1000;
  const caller = async () => {
    for (; performance.now() < until; calls += 1) await get(agent, base, token);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  agent.destroy();
  return calls / ((performance.now() - started) / 1000);
}

type Side = 'off' | 'on';
type Target = 'svc-orders' | 'gateway';

const infra = await startInfra({ parts: ['mongo', 'nats'] });
const givenEndpoint = process.env.BENCH_OTLP_ENDPOINT;
const jaeger = givenEndpoint ? undefined : await startJaeger();
const otlpEndpoint = givenEndpoint || jaeger?.otlpUrl || '';
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const token = await issuer.merchantToken('bench-telemetry');
const rates: Record<Side, Record<Target, number[]>> = {
  off: { 'svc-orders': [], gateway: [] },
  on: { 'svc-orders': [], gateway: [] },
};
const loads: number[] = [];

async function measure(side: Side): Promise<void> {
  const telemetry: Record<string, string> =
    side === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint } : {};
  let orders: BenchApp | undefined;
  let gateway: BenchApp | undefined;
  try {
    orders = await startApp('svc-orders', {
      MONGO_URL: infra.mongoUrl,
      NATS_URL: infra.natsUrl,
      AUTH_JWKS_URL: issuer.url,
      ...telemetry,
    });
    gateway = await startApp('gateway', {
      ORDERS_SERVICE_URL: orders.url,
      SERVE_FRONTENDS: 'false',
      ...telemetry,
    });
    // Warm: the JIT, the JWKS cache, the connection pools.
    await callsPerSecond(gateway.url, token, 3);
    rates[side]['svc-orders'].push(await callsPerSecond(orders.url, token));
    rates[side].gateway.push(await callsPerSecond(gateway.url, token));
    loads.push(loadavg()[0]!);
  } finally {
    await gateway?.stop();
    await orders?.stop();
  }
}

try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of ['off', 'on'] as const) await measure(side);
  }
  const median = (values: number[]) => percentile(values, 50);
  line('# What OpenTelemetry costs');
  line(
    `GET ${PATH}, ${CONNECTIONS} connections, ${SECONDS} s a measure, ${ROUNDS} rounds alternating ` +
      `off and on (apps restarted each time); medians. Load average (1 min) over the rounds: ` +
      `${loads.map((value) => value.toFixed(1)).join(', ')}`,
  );
  line();
  line('| calls to | off (calls/s) | on (calls/s) | on / off | every round off | every round on |');
  line('|---|---:|---:|---:|---|---|');
  for (const target of ['svc-orders', 'gateway'] as const) {
    const off = median(rates.off[target]);
    const on = median(rates.on[target]);
    const all = (values: number[]) => values.map(Math.round).join(', ');
    line(
      `| ${target === 'gateway' ? 'gateway → svc-orders' : 'svc-orders'} | ${Math.round(off)} | ` +
        `${Math.round(on)} | ${(on / off).toFixed(2)} | ${all(rates.off[target])} | ${all(rates.on[target])} |`,
    );
  }
} finally {
  await issuer.close();
  await jaeger?.stop();
  await infra.stop();
}
