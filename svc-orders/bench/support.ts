/**
 * What the svc-orders benches add to the testkit's: svc-orders' node flags in the report, and the
 * gateway in front of svc-orders.
 */
import { nodeArgsOf, startApp, type BenchApp } from '@onvelope/testkit';

export { line, timeRuns, type BenchApp } from '@onvelope/testkit';

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

/** The gateway in front of one svc-orders, waiting long enough for a 100,000-row import. */
export const startGatewayFor = (orders: BenchApp) =>
  startApp('gateway', {
    ORDERS_SERVICE_URL: orders.url,
    SERVE_FRONTENDS: 'false',
    UPSTREAM_TIMEOUT_MS: '900000',
  });
