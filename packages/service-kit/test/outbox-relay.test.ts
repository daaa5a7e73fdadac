import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineStream } from '@onvelope/contracts';
import { testInfra } from '@onvelope/testkit';
import {
  connectNats,
  createLogger,
  ensureStream,
  publishEvent,
  startOutboxRelay,
  type NatsConnection,
} from '../src/index.js';

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
    (await (await nc.jetstreamManager()).streams.info(stream.name)).state.messages;

  it('publishes what JetStream refused as soon as the connection comes back, not after its pause', async () => {
    // The outbox: notes stored but not yet published; one goes only once JetStream has it.
    const outbox = [1, 2, 3];
    let rounds = 0;
    const relay = startOutboxRelay({
      name: 'notes',
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
});
