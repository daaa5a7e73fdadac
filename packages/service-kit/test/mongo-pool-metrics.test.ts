import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { createMetrics, type Metrics } from '../src/observability/index.js';
import { connectDatabase } from '../src/mongo/index.js';

/** The value of the series with this label, or undefined when it is not there. */
const valueOf = (body: string, name: string, label: string) => {
  const line = body.split('\n').find((text) => text.startsWith(`${name}{`) && text.includes(label));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

/**
 * Issue 36: a service whose calls queue for MongoDB connections shows it on /metrics — the pool's
 * open, in-use and maximum connections, and how long calls waited for one.
 */
describe('MongoDB pool metrics', () => {
  let metrics: Metrics;
  let db: Connection;
  beforeAll(async () => {
    metrics = createMetrics({ service: 'pool-test', defaultMetrics: false });
    db = await connectDatabase(testInfra().mongoUrl, uniqueDatabaseName('pool'), metrics);
  });
  afterAll(() => db.close());

  it('counts the connections opened for calls, none left in use, and each wait', async () => {
    const things = db.collection('things');
    await Promise.all(Array.from({ length: 8 }, (_, n) => things.insertOne({ n })));
    const { body } = await metrics.expose();

    expect(valueOf(body, 'onvelope_mongodb_pool_connections', 'state="open"')).toBeGreaterThan(0);
    expect(valueOf(body, 'onvelope_mongodb_pool_connections', 'state="in_use"')).toBe(0);
    expect(valueOf(body, 'onvelope_mongodb_pool_connections', 'state="max"')).toBe(100);
    expect(
      valueOf(body, 'onvelope_mongodb_pool_checkout_seconds_count', 'outcome="ok"'),
    ).toBeGreaterThanOrEqual(8);
  });

  it('shows a call in flight as in use', async () => {
    let done = false;
    const slow = db
      .collection('things')
      .insertMany(Array.from({ length: 5_000 }, (_, n) => ({ n })))
      .finally(() => (done = true));
    let mostInUse = 0;
    while (!done) {
      const { body } = await metrics.expose();
      const inUse = valueOf(body, 'onvelope_mongodb_pool_connections', 'state="in_use"') ?? 0;
      mostInUse = Math.max(mostInUse, inUse);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await slow;
    expect(mostInUse).toBe(1);
  });
});
