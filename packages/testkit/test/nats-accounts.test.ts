import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startInfra } from '@onvelope/infra';
import { natsConnectOptions, testInfra } from '@onvelope/testkit';

describe('NATS accounts per vitest worker', () => {
  let stopOwnServer: () => Promise<void> = async () => {};
  let first: NatsConnection;
  let second: NatsConnection;
  const tag = randomBytes(6).toString('hex');

  beforeAll(async () => {
    // A server of our own, started as the run's is: the run's second account is another worker's,
    // whose next file begins by deleting every stream on it (fresh-nats-account.ts), this test's too.
    const own = await startInfra({
      parts: ['nats'],
      natsAccounts: 2,
      env: { ...process.env, NATS_URL: undefined },
      log: () => undefined,
    });
    stopOwnServer = own.stop;
    const urls = own.natsAccountUrls ?? [];
    first = await connect(natsConnectOptions(urls[0]!));
    second = await connect(natsConnectOptions(urls[1]!));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await stopOwnServer();
  });

  it('gives this worker the account numbered by its VITEST_POOL_ID', () => {
    const { natsUrl, natsAccountUrls } = inject('infra');
    const poolId = Number(process.env.VITEST_POOL_ID);
    expect(testInfra().natsUrl).toBe(
      natsAccountUrls.length > 0 ? natsAccountUrls[poolId - 1] : natsUrl,
    );
  });

  it('never delivers a publish on one account to a subscriber on another', async () => {
    const subject = `isolation.${tag}`;
    const seenOnFirst: string[] = [];
    const subscription = first.subscribe(subject, {
      callback: (_error, message) => {
        seenOnFirst.push(message.string());
      },
    });
    await first.flush();
    second.publish(subject, 'from the second account');
    await second.flush();
    // A round trip through the first account after the publish: anything routed to it has arrived.
    first.publish(subject, 'from the first account');
    await first.flush();
    await expect.poll(() => seenOnFirst).toContain('from the first account');
    expect(seenOnFirst).toEqual(['from the first account']);
    subscription.unsubscribe();
  });

  it('keeps JetStream streams of the same name apart in each account', async () => {
    const name = `ISOLATION_${tag}`;
    const subjects = [`isolation.stream.${tag}.>`];
    const [firstStreams, secondStreams] = await Promise.all([
      jetstreamManager(first),
      jetstreamManager(second),
    ]);
    await firstStreams.streams.add({ name, subjects });
    await secondStreams.streams.add({ name, subjects });
    try {
      await jetstream(first).publish(`isolation.stream.${tag}.one`, '1');
      await jetstream(first).publish(`isolation.stream.${tag}.two`, '2');
      await jetstream(second).publish(`isolation.stream.${tag}.one`, '1');
      expect((await firstStreams.streams.info(name)).state.messages).toBe(2);
      expect((await secondStreams.streams.info(name)).state.messages).toBe(1);
      await secondStreams.streams.delete(name);
      expect((await firstStreams.streams.info(name)).state.messages).toBe(2);
    } finally {
      await firstStreams.streams.delete(name);
    }
  });
});
