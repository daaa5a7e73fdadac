import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineStream } from '@onvelope/contracts';
import { testInfra } from '@onvelope/testkit';
import { createLogger, createMetrics } from '../src/observability/index.js';
import {
  connectNats,
  ensureStream,
  publishEvent,
  recordMessagingMetrics,
  type NatsConnection,
} from '../src/nats/index.js';
import { startOutboxRelay } from '../src/outbox/index.js';

const id = randomBytes(4).toString('hex');
const stream = defineStream({ name: `RELAY_${id}`, subjects: [`relay${id}.>`] });
const noted = defineEvent({
  subject: `relay${id}.note.added`,
  stream,
  payload: z.object({ n: z.number() }),
});
const log = createLogger('relay-test', 'silent');
const HOUR_MS = 3_600_000;

describe('outbox relay on a real NATS connection', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectNats(testInfra().natsUrl, 'relay-test');
  });
  afterAll(() => nc.close());

  const publishedNotes = async () =>
    (await (await jetstreamManager(nc)).streams.info(stream.name)).state.messages;

  it('publishes what JetStream refused as soon as the connection comes back, not after its pause', async () => {
    // The outbox: notes stored but not yet published; one goes only once JetStream has it.
    const outbox = [1, 2, 3];
    let rounds = 0;
    const relay = startOutboxRelay({
      name: 'notes',
      backlog: async () => ({ pending: outbox.length, oldestAt: null }),
      nats: nc,
      log,
      // Neither the safety net nor the pause after a failure can be what publishes here.
      everyMs: HOUR_MS,
      minRetryMs: HOUR_MS,
      maxRetryMs: HOUR_MS,
      publishPending: async ({ signal }) => {
        rounds += 1;
        for (const n of outbox.slice()) {
          if (signal.aborted) return;
          await publishEvent(nc, noted, { n }, `note-${id}-${n}`);
          outbox.shift();
        }
      },
    });
    try {
      // No stream takes the subject yet: the round at start fails and the relay pauses for an hour.
      await expect.poll(() => rounds).toBe(1);
      expect(outbox).toEqual([1, 2, 3]);
      await ensureStream(nc, stream);
      relay.kick();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rounds).toBe(1);

      await nc.reconnect();
      await expect.poll(() => outbox, { timeout: 10_000 }).toEqual([]);
      expect(rounds).toBe(2);
      expect(await publishedNotes()).toBe(3);
    } finally {
      await relay.stop();
    }
  });

  it('stops promptly between two items of a long round and leaves the rest for the next start', async () => {
    await ensureStream(nc, stream);
    const before = await publishedNotes();
    const outbox = Array.from({ length: 10_000 }, (_, n) => 100 + n);
    let stopping: Promise<void> = Promise.resolve();
    let stopAsked = false;
    const relay = startOutboxRelay({
      name: 'notes',
      backlog: async () => ({ pending: outbox.length, oldestAt: null }),
      nats: nc,
      log,
      everyMs: HOUR_MS,
      publishPending: async ({ signal }) => {
        for (const n of outbox.slice()) {
          if (signal.aborted) return;
          await publishEvent(nc, noted, { n }, `note-${id}-${n}`);
          outbox.shift();
          if (n === 104) {
            stopAsked = true;
            stopping = relay.stop();
          }
        }
      },
    });
    await expect.poll(() => stopAsked).toBe(true);
    await stopping;
    expect(outbox).toHaveLength(10_000 - 5);
    expect(await publishedNotes()).toBe(before + 5);
  });

  it('reports its backlog and the oldest wait at each scrape while it runs, and nothing once stopped', async () => {
    const metrics = createMetrics({ service: 'svc-test', defaultMetrics: false });
    const watched = await connectNats(testInfra().natsUrl, 'relay-metrics-test');
    recordMessagingMetrics(watched, metrics);
    const storedAt = new Date(Date.now() - 90_000);
    const outbox = [1, 2, 3];
    const relay = startOutboxRelay({
      name: 'notes',
      backlog: async () => ({ pending: outbox.length, oldestAt: outbox.length ? storedAt : null }),
      nats: watched,
      log,
      everyMs: HOUR_MS,
      // Nothing is published: the stream is missing, and the pause after the failure is long.
      minRetryMs: HOUR_MS,
      publishPending: async () => {
        throw new Error('no stream');
      },
    });
    const series = async (name: string) =>
      (await metrics.expose()).body
        .split('\n')
        .find((line) => line.startsWith(`${name}{`) && line.includes('outbox="notes"'));
    try {
      expect(await series('onvelope_outbox_pending')).toMatch(/ 3$/);
      const age = Number((await series('onvelope_outbox_oldest_age_seconds'))?.split(' ').at(-1));
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(120);

      outbox.splice(0);
      // Answers are kept for a second, so one scrape serves both gauges.
      await expect.poll(() => series('onvelope_outbox_pending'), { timeout: 3_000 }).toMatch(/ 0$/);
      expect(await series('onvelope_outbox_oldest_age_seconds')).toMatch(/ 0$/);
    } finally {
      await relay.stop();
      await watched.close();
    }
    expect(await series('onvelope_outbox_pending')).toBeUndefined();
  });
});
