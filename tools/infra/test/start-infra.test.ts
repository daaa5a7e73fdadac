import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionInfra, startInfra, type Infra } from '@onvelope/infra';
import { natsConnectOptions } from '@onvelope/service-kit/nats-connect-options';
import { accepts } from './connect.js';

const quiet = (): void => {};

describe('startInfra', () => {
  let infra: Infra;

  beforeAll(async () => {
    infra = await startInfra({ log: quiet });
  }, 300_000);

  afterAll(() => infra?.stop());

  it('starts a MongoDB-compatible server that mongoose can ping, write to and read from', async () => {
    const connection = await mongoose
      .createConnection(infra.mongoUrl, { dbName: 'infra_test' })
      .asPromise();
    try {
      expect(await connection.db!.admin().ping()).toMatchObject({ ok: 1 });
      const Parcel = connection.model('Parcel', new mongoose.Schema({ trackingNumber: String }));
      await Parcel.create({ trackingNumber: 'LX123456789GB' });
      expect(await Parcel.findOne({ trackingNumber: 'LX123456789GB' }).lean()).toMatchObject({
        trackingNumber: 'LX123456789GB',
      });
    } finally {
      await connection.close();
    }
  });

  it('starts NATS with JetStream enabled', async () => {
    const nc = await connectNats({ servers: infra.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      const account = await jsm.getAccountInfo();
      expect(account.limits).toBeDefined();
      await jsm.streams.add({ name: 'INFRA_TEST', subjects: ['infra.test.>'] });
      const ack = await jetstream(nc).publish('infra.test.published', 'hello');
      expect(ack.stream).toBe('INFRA_TEST');
    } finally {
      await nc.close();
    }
  });

  it('starts stripe-mock answering the Stripe API over HTTP', async () => {
    const response = await fetch(`${infra.stripeMockUrl}/v1/customers`, {
      headers: { Authorization: 'Bearer sk_test_123' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'list' });
  });

  it('binds every server to loopback only', () => {
    for (const url of [infra.mongoUrl, infra.natsUrl, infra.stripeMockUrl]) {
      expect(new URL(url).hostname).toBe('127.0.0.1');
    }
  });
});

describe('startInfra options', () => {
  it('starts only the parts asked for', async () => {
    const infra = await startInfra({ parts: ['nats'], log: quiet });
    try {
      expect(Object.keys(infra).sort()).toEqual(['natsUrl', 'stop']);
      expect(await accepts(infra.natsUrl)).toBe(true);
    } finally {
      await infra.stop();
    }
  });

  it('shuts its servers down on stop()', async () => {
    const infra = await startInfra({ log: quiet });
    await infra.stop();
    for (const url of [infra.mongoUrl, infra.natsUrl, infra.stripeMockUrl]) {
      expect(await accepts(url)).toBe(false);
    }
  });

  it('starts NATS from a generated config with isolated accounts, each with JetStream and its own user', async () => {
    const infra = await startInfra({ parts: ['nats'], natsAccounts: 3, log: quiet });
    try {
      const urls = infra.natsAccountUrls ?? [];
      expect(urls).toHaveLength(3);
      const port = new URL(infra.natsUrl).port;
      urls.forEach((url, index) =>
        expect(url).toMatch(new RegExp(`^nats://w${index + 1}:[0-9a-f]+@127\\.0\\.0\\.1:${port}$`)),
      );
      const connections = await Promise.all(
        urls.map((url) => connectNats(natsConnectOptions(url))),
      );
      try {
        for (const nc of connections) {
          await (await jetstreamManager(nc)).streams.add({ name: 'SAME', subjects: ['same.>'] });
        }
        await jetstream(connections[0]!).publish('same.one', 'only here');
        const counts = await Promise.all(
          connections.map(
            async (nc) => (await (await jetstreamManager(nc)).streams.info('SAME')).state.messages,
          ),
        );
        expect(counts).toEqual([1, 0, 0]);
      } finally {
        await Promise.all(connections.map((nc) => nc.close()));
      }
      // Without credentials, or with a wrong password, the server lets nobody in.
      await expect(connectNats({ servers: infra.natsUrl, reconnect: false })).rejects.toThrow(
        /Authorization Violation/i,
      );
      await expect(
        connectNats({ ...natsConnectOptions(urls[0]!), pass: 'wrong', reconnect: false }),
      ).rejects.toThrow(/Authorization Violation/i);
    } finally {
      await infra.stop();
    }
  });

  it('leaves a NATS_URL server as it is when accounts are asked for', async () => {
    const env = { NATS_URL: 'nats://nats.example:4222', PATH: '' };
    const infra = await startInfra({ parts: ['nats'], natsAccounts: 2, env, log: quiet });
    expect(Object.keys(infra).sort()).toEqual(['natsUrl', 'stop']);
    expect(infra.natsUrl).toBe(env.NATS_URL);
    await infra.stop();
  });

  it('uses MONGO_URL, NATS_URL and STRIPE_MOCK_URL as given and starts nothing', async () => {
    const env = {
      MONGO_URL: 'mongodb://db.example:27017',
      NATS_URL: 'nats://nats.example:4222',
      STRIPE_MOCK_URL: 'http://stripe.example:12111',
      // With an empty PATH nothing could be started, so success proves nothing was.
      PATH: '',
    };
    const infra = await startInfra({ env, log: quiet });
    expect(infra).toMatchObject({
      mongoUrl: env.MONGO_URL,
      natsUrl: env.NATS_URL,
      stripeMockUrl: env.STRIPE_MOCK_URL,
    });
    await infra.stop();
    expect(await provisionInfra({ env, log: quiet })).toEqual({
      mongo: 'MONGO_URL',
      nats: 'NATS_URL',
      stripeMock: 'STRIPE_MOCK_URL',
    });
  });

  it('explains what to install when a part can be neither found nor built', async () => {
    const emptyCache = await mkdtemp(join(tmpdir(), 'onvelope-cache-'));
    try {
      await expect(
        startInfra({ parts: ['nats'], env: { PATH: '', ONVELOPE_CACHE: emptyCache }, log: quiet }),
      ).rejects.toThrow(/nats-server is not on the PATH and Go is not installed/);
      await expect(
        startInfra({ parts: ['mongo'], env: { PATH: '', ONVELOPE_CACHE: emptyCache }, log: quiet }),
      ).rejects.toThrow(/set MONGO_URL, put mongod on the PATH, or install a JDK/);
    } finally {
      await rm(emptyCache, { recursive: true, force: true });
    }
  });

  it('keeps MongoDB documents and JetStream messages across restarts in persistent mode', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'onvelope-data-'));
    const schema = new mongoose.Schema({ name: String });
    try {
      const first = await startInfra({
        parts: ['mongo', 'nats'],
        persistent: true,
        dataDir,
        log: quiet,
      });
      const written = await mongoose
        // As the service kit connects: no background createCollection racing the first insert.
        .createConnection(first.mongoUrl, { dbName: 'persisted', autoCreate: false })
        .asPromise();
      await written.model('Merchant', schema).create({ name: 'Acme Prints' });
      await written.close();
      const nc = await connectNats({ servers: first.natsUrl });
      await (await jetstreamManager(nc)).streams.add({ name: 'KEPT', subjects: ['kept.>'] });
      await jetstream(nc).publish('kept.one', 'still here');
      await nc.close();
      await first.stop();

      const second = await startInfra({
        parts: ['mongo', 'nats'],
        persistent: true,
        dataDir,
        log: quiet,
      });
      try {
        const read = await mongoose
          .createConnection(second.mongoUrl, { dbName: 'persisted' })
          .asPromise();
        expect(await read.model('Merchant', schema).findOne().lean()).toMatchObject({
          name: 'Acme Prints',
        });
        await read.close();
        const again = await connectNats({ servers: second.natsUrl });
        const stream = await (await jetstreamManager(again)).streams.info('KEPT');
        expect(stream.state.messages).toBe(1);
        await again.close();
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('provisionInfra', () => {
  it('finds everything in the cache on a second call without downloading or building', async () => {
    await provisionInfra({ log: quiet });
    const messages: string[] = [];
    const started = Date.now();
    const used = await provisionInfra({ log: (message) => messages.push(message) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(messages).toEqual([]);
    expect(Object.keys(used).sort()).toEqual(['mongo', 'nats', 'stripeMock']);
  });
});
