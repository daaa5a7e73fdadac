import type { Connection } from 'mongoose';
import type { Metrics } from '../observability/metrics.js';

// Seconds a call waits for a pooled connection: nothing normally, long when the pool is too small.
const checkoutBuckets = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30];

/**
 * MongoDB's connection pool on /metrics (issue 36): how many connections are open and in use
 * against the pool's limit, and how long calls wait for one — a service whose calls queue for
 * connections shows it here before its latency does. Counted from the driver's pool events, so it
 * must be attached before the connection opens its first socket.
 */
export function recordMongoPoolMetrics(db: Connection, metrics: Metrics): void {
  const client = db.getClient();
  let open = 0;
  let inUse = 0;
  metrics.gauge({
    name: 'onvelope_mongodb_pool_connections',
    help: 'Connections of the MongoDB pool: open, in use by a call, and the most it may open',
    labelNames: ['state'],
    collect() {
      this.set({ state: 'open' }, open);
      this.set({ state: 'in_use' }, inUse);
      this.set({ state: 'max' }, client.options.maxPoolSize);
    },
  });
  const checkouts = metrics.histogram({
    name: 'onvelope_mongodb_pool_checkout_seconds',
    help: 'Time a call waited for a connection from the MongoDB pool, by outcome',
    labelNames: ['outcome'],
    buckets: checkoutBuckets,
  });
  client.on('connectionCreated', () => (open += 1));
  client.on('connectionClosed', () => (open = Math.max(0, open - 1)));
  client.on('connectionCheckedOut', (event) => {
    inUse += 1;
    checkouts.observe({ outcome: 'ok' }, event.durationMS / 1000);
  });
  client.on('connectionCheckedIn', () => (inUse = Math.max(0, inUse - 1)));
  client.on('connectionCheckOutFailed', (event) =>
    checkouts.observe({ outcome: 'failed' }, event.durationMS / 1000),
  );
}
