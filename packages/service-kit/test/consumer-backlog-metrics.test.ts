import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineStream } from '@onvelope/contracts';
import { testInfra } from '@onvelope/testkit';
import { createLogger, createMetrics } from '../src/observability/index.js';
import {
  connectNats,
  consumeEvents,
  publishEvent,
  recordMessagingMetrics,
  type NatsConnection,
} from '../src/nats/index.js';

const id = randomBytes(4).toString('hex');
const stream = defineStream({ name: `BACKLOG_${id}`, subjects: [`backlog${id}.>`] });
const queued = defineEvent({
  subject: `backlog${id}.job.queued`,
  stream,
  payload: z.object({ n: z.number() }),
});
const log = createLogger('backlog-test', 'silent');

/** The value of one series of the exposition, or undefined when it is not there. */
const valueOf = (body: string, name: string, consumer: string) => {
  const line = body
    .split('\n')
    .find((text) => text.startsWith(`${name}{`) && text.includes(`consumer="${consumer}"`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

/**
 * Issue 36: operators scale consumers on their backlog. Every durable consumer a service runs is
 * reported with what waits for it (pending) and what it holds unacknowledged (ack pending), as the
 * server counts them at the scrape.
 */
describe('JetStream consumer backlog metrics', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectNats(testInfra().natsUrl, 'backlog-test');
  });
  afterAll(() => nc.close());

  it('reports pending and ack-pending per consumer while it runs, and forgets it when stopped', async () => {
    const metrics = createMetrics({ service: 'svc-test', defaultMetrics: false });
    recordMessagingMetrics(nc, metrics);
    const durable = `backlog-${id}`;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const consumer = await consumeEvents(
      nc,
      queued,
      durable,
      async () => {
        started += 1;
        await gate;
      },
      log,
    );
    for (let n = 1; n <= 5; n += 1) await publishEvent(nc, queued, { n }, `queued-${n}`);
    await expect.poll(() => started).toBeGreaterThan(0);

    await expect
      .poll(async () => {
        const { body } = await metrics.expose();
        const pending = valueOf(body, 'onvelope_jetstream_consumer_pending', durable) ?? 0;
        const inHand = valueOf(body, 'onvelope_jetstream_consumer_ack_pending', durable) ?? 0;
        return pending + inHand;
      })
      .toBe(5);
    const { body: busy } = await metrics.expose();
    expect(valueOf(busy, 'onvelope_jetstream_consumer_ack_pending', durable)).toBeGreaterThan(0);
    expect(busy).toContain(`stream="${stream.name}"`);

    release();
    await expect
      .poll(async () =>
        valueOf((await metrics.expose()).body, 'onvelope_jetstream_consumer_ack_pending', durable),
      )
      .toBe(0);
    await consumer.stop();
    const { body: after } = await metrics.expose();
    expect(valueOf(after, 'onvelope_jetstream_consumer_pending', durable)).toBeUndefined();
  });
});
