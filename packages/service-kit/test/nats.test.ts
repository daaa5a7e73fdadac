import { randomBytes } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager, RetentionPolicy } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand, defineEvent, defineStream } from '@onvelope/contracts';
import { testInfra } from '@onvelope/testkit';
import { createLogger } from '../src/observability/index.js';
import { HttpError } from '../src/errors/index.js';
import {
  connectNats,
  consumeEventBatches,
  consumeEvents,
  ensureStream,
  publishEvent,
  requestCommand,
  serveCommand,
  type NatsConnection,
} from '../src/nats/index.js';

const id = randomBytes(4).toString('hex');
const stream = defineStream({ name: `KIT_${id}`, subjects: [`kit${id}.>`] });
const noted = defineEvent({
  subject: `kit${id}.note.added`,
  stream,
  payload: z.object({ n: z.number() }),
});
const versioned = defineEvent({
  subject: `kit${id}.note.versioned`,
  stream,
  payload: z.object({ eventVersion: z.number().optional(), n: z.number() }),
  version: 2,
});
const paced = defineEvent({
  subject: `kit${id}.note.paced`,
  stream,
  payload: z.object({ n: z.number() }),
});
const batched = defineEvent({
  subject: `kit${id}.note.batched`,
  stream,
  payload: z.object({ n: z.number() }),
});
const stopped = defineEvent({
  subject: `kit${id}.note.stopped`,
  stream,
  payload: z.object({ n: z.number() }),
});
const thrown = defineEvent({
  subject: `kit${id}.note.thrown`,
  stream,
  payload: z.object({ n: z.number() }),
});
const double = defineCommand({
  subject: `kitcmd${id}.double`,
  request: z.object({ n: z.number() }),
  response: z.object({ doubled: z.number() }),
});
const log = createLogger('kit-test', 'silent');

const waitFor = async (condition: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('NATS and JetStream helpers', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectNats(testInfra().natsUrl, 'kit-test');
  });
  afterAll(() => nc.close());

  it('creates a stream once and accepts being asked again', async () => {
    await ensureStream(nc, stream);
    await ensureStream(nc, stream);
    const info = await (await jetstreamManager(nc)).streams.info(stream.name);
    expect(info.config.subjects).toEqual(stream.subjects);
  });

  it("gives a stream made before its contract named a maximum age that age, and takes it off with the contract's", async () => {
    const aged = defineStream({ name: `KIT_AGED_${id}`, subjects: [`kitaged${id}.>`] });
    const jsm = await jetstreamManager(nc);
    await ensureStream(nc, aged);

    await ensureStream(nc, { ...aged, maxAgeSeconds: 3_600 });
    expect((await jsm.streams.info(aged.name)).config.max_age).toBe(3_600e9);

    await ensureStream(nc, aged);
    expect((await jsm.streams.info(aged.name)).config.max_age).toBe(0);
  });

  it('makes a work queue of a stream whose contract says so: an acknowledged message is gone', async () => {
    const queue = defineStream({
      name: `KIT_QUEUE_${id}`,
      subjects: [`kitqueue${id}.>`],
      workQueue: true,
    });
    await ensureStream(nc, queue);
    await ensureStream(nc, queue);
    const jsm = await jetstreamManager(nc);
    expect((await jsm.streams.info(queue.name)).config.retention).toBe(RetentionPolicy.Workqueue);

    await jetstream(nc).publish(`kitqueue${id}.job`, 'work');
    await jsm.consumers.add(queue.name, { durable_name: 'worker', ack_policy: AckPolicy.Explicit });
    const taken = await (await jetstream(nc).consumers.get(queue.name, 'worker')).next();
    expect(await taken!.ackAck()).toBe(true);
    // The server removes the message after it has confirmed the acknowledgement.
    await expect.poll(async () => (await jsm.streams.info(queue.name)).state.messages).toBe(0);
  });

  it('drops a second publish with the same message id', async () => {
    const first = await publishEvent(nc, noted, { n: 1 }, 'same-id');
    const second = await publishEvent(nc, noted, { n: 1 }, 'same-id');
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.seq).toBe(first.seq);
  });

  it('refuses to publish a payload that breaks the contract', async () => {
    // @ts-expect-error the point is a payload of the wrong type
    await expect(publishEvent(nc, noted, { n: 'one' }, 'bad')).rejects.toThrow();
  });

  // Each on a subject and a consumer of its own: side by side, their waits for redeliveries (the
  // helpers' 2 s retry delay) and slow handlers overlap. The first one's events begin with the one
  // the tests above published.
  describe.concurrent('consumers', () => {
    it('delivers typed events to a durable consumer, retries a failing handler, and drops bad payloads', async ({
      expect,
    }) => {
      const seen: number[] = [];
      let failOnce = true;
      const consumer = await consumeEvents(
        nc,
        noted,
        `kit-consumer-${id}`,
        async ({ payload, messageId }) => {
          if (payload.n === 3 && failOnce) {
            failOnce = false;
            throw new Error('transient');
          }
          expect(messageId).toBeTruthy();
          seen.push(payload.n);
        },
        log,
      );
      await jetstream(nc).publish(noted.subject, new TextEncoder().encode('{"n":"not a number"}'), {
        msgID: 'bad-payload',
      });
      await publishEvent(nc, noted, { n: 2 }, 'two');
      await publishEvent(nc, noted, { n: 3 }, 'three');
      await waitFor(() => seen.includes(3));
      await consumer.stop();
      expect(seen).toEqual([1, 2, 3]);
    });

    it('stops after the event in hand and returns the ones it had fetched, at once, to the next consumer', async ({
      expect,
    }) => {
      const events = 20;
      for (let n = 1; n <= events; n += 1) await publishEvent(nc, paced, { n }, `paced-${n}`);
      const handled: number[] = [];
      let started = 0;
      const slowly = async ({ payload }: { payload: { n: number } }) => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        handled.push(payload.n);
      };
      const first = await consumeEvents(nc, paced, `kit-paced-${id}`, slowly, log);
      await waitFor(() => started > 0);
      await first.stop();
      // Stopping with the rest of the fetched events still to handle one by one took seconds.
      expect(handled).toHaveLength(1);
      const second = await consumeEvents(nc, paced, `kit-paced-${id}`, slowly, log);
      // Returned, not left to the 30 s ack wait: the next consumer has them within seconds.
      await waitFor(() => handled.length === events, 10_000);
      await second.stop();
      expect([...handled].sort((a, b) => a - b)).toEqual(
        Array.from({ length: events }, (_, i) => i + 1),
      );
    });

    it('keeps an event of a newer version it cannot read for a later release, and drops other bad ones', async ({
      expect,
    }) => {
      const consumerName = `kit-versioned-${id}`;
      const consumer = await consumeEvents(nc, versioned, consumerName, async () => {}, log);
      const raw = (body: string, msgID: string) =>
        jetstream(nc).publish(versioned.subject, new TextEncoder().encode(body), { msgID });
      await raw('{"eventVersion":3,"n":"a later shape"}', 'newer');
      await raw('{"eventVersion":2,"n":"broken"}', 'broken');
      await publishEvent(nc, versioned, { eventVersion: 2, n: 1 }, 'fine');
      const jsm = await jetstreamManager(nc);
      // The broken one of a known version is terminated, the fine one acknowledged; only the newer
      // one is still waiting (delivered, neither acknowledged nor terminated).
      const until = Date.now() + 5_000;
      let info = await jsm.consumers.info(stream.name, consumerName);
      while (
        Date.now() < until &&
        (info.num_ack_pending !== 1 || info.delivered.consumer_seq < 3)
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        info = await jsm.consumers.info(stream.name, consumerName);
      }
      expect(info.num_ack_pending).toBe(1);
      expect(info.ack_floor.stream_seq).toBeLessThan(info.delivered.stream_seq);
      await consumer.stop();
    });

    it('hands the events already delivered to a handler together, and retries only the ones it could not handle', async ({
      expect,
    }) => {
      const events = 12;
      for (let n = 1; n <= events; n += 1) await publishEvent(nc, batched, { n }, `batched-${n}`);
      await jetstream(nc).publish(
        batched.subject,
        new TextEncoder().encode('{"n":"not a number"}'),
        {
          msgID: 'batched-bad',
        },
      );
      const sizes: number[] = [];
      const handled: number[] = [];
      const failed: number[] = [];
      const consumer = await consumeEventBatches(
        nc,
        batched,
        `kit-batched-${id}`,
        async (batch) => {
          sizes.push(batch.length);
          // Slow enough for the next events to be delivered while this batch is in hand.
          await new Promise((resolve) => setTimeout(resolve, 50));
          const failures = new Map<(typeof batch)[number], unknown>();
          for (const delivered of batch) {
            if (delivered.payload.n === 5 && !failed.includes(5)) {
              failed.push(5);
              failures.set(delivered, new Error('transient'));
            } else handled.push(delivered.payload.n);
          }
          return failures;
        },
        log,
        { maxBatch: 4 },
      );
      await waitFor(() => handled.length >= events, 10_000);
      // Nothing more comes: the ones handled were acknowledged, the bad payload dropped.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await consumer.stop();
      expect([...handled].sort((a, b) => a - b)).toEqual(
        Array.from({ length: events }, (_, i) => i + 1),
      );
      expect(failed).toEqual([5]);
      expect(Math.max(...sizes)).toBe(4);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(events + 1);
    });

    it('retries a whole batch when its handler throws', async ({ expect }) => {
      for (let n = 1; n <= 3; n += 1) await publishEvent(nc, thrown, { n }, `thrown-${n}`);
      let calls = 0;
      const handled: number[] = [];
      const consumer = await consumeEventBatches(
        nc,
        thrown,
        `kit-thrown-${id}`,
        async (batch) => {
          calls += 1;
          if (calls === 1) throw new Error('the database went away');
          handled.push(...batch.map(({ payload }) => payload.n));
          return new Map();
        },
        log,
      );
      await waitFor(() => handled.length >= 3, 10_000);
      await consumer.stop();
      expect([...handled].sort()).toEqual([1, 2, 3]);
      expect(calls).toBeGreaterThan(1);
    });

    it('stops a batch consumer after the batch in hand and returns the events it had fetched, at once', async ({
      expect,
    }) => {
      const events = 20;
      for (let n = 1; n <= events; n += 1) await publishEvent(nc, stopped, { n }, `stopped-${n}`);
      const handled: number[] = [];
      let started = 0;
      const slowly = async (batch: { payload: { n: number } }[]) => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        handled.push(...batch.map(({ payload }) => payload.n));
        return new Map();
      };
      const options = { maxBatch: 2 };
      const first = await consumeEventBatches(
        nc,
        stopped,
        `kit-stopped-${id}`,
        slowly,
        log,
        options,
      );
      await waitFor(() => started > 0);
      await first.stop();
      expect(handled.length).toBeLessThanOrEqual(2);
      const second = await consumeEventBatches(
        nc,
        stopped,
        `kit-stopped-${id}`,
        slowly,
        log,
        options,
      );
      // Returned, not left to the 30 s ack wait.
      await waitFor(() => handled.length === events, 10_000);
      await second.stop();
      expect([...handled].sort((a, b) => a - b)).toEqual(
        Array.from({ length: events }, (_, i) => i + 1),
      );
    });
  });

  it('answers a command over request/reply and carries errors back with their status', async () => {
    const subscription = serveCommand(
      nc,
      double,
      'kit-test',
      async ({ n }) => {
        if (n < 0) throw new HttpError(409, 'negative numbers are refused');
        return { doubled: n * 2 };
      },
      log,
    );
    await nc.flush();
    expect(await requestCommand(nc, double, { n: 21 })).toEqual({ doubled: 42 });
    await expect(requestCommand(nc, double, { n: -1 })).rejects.toMatchObject({
      status: 409,
      message: 'negative numbers are refused',
    });
    subscription.unsubscribe();
  });
});
