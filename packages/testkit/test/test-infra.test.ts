import mongoose from 'mongoose';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { dockerAvailable, startTestInfra, type RunningTestInfra } from '@onvelope/testkit';

async function expectUsable(infra: RunningTestInfra): Promise<void> {
  const connection = await mongoose.createConnection(infra.mongoUrl).asPromise();
  expect(await connection.db!.admin().ping()).toMatchObject({ ok: 1 });
  await connection.close();
  const nc = await connectNats({ servers: infra.natsUrl });
  expect((await (await jetstreamManager(nc)).getAccountInfo()).limits).toBeDefined();
  await nc.close();
}

const quiet = (): void => {};

describe('startTestInfra', () => {
  it('starts local processes when TESTCONTAINERS is not set', async () => {
    const env = {
      ...process.env,
      TESTCONTAINERS: undefined,
      MONGO_URL: undefined,
      NATS_URL: undefined,
    };
    const infra = await startTestInfra({ env, log: quiet });
    try {
      expect(infra.kind).toBe('processes');
      await expectUsable(infra);
    } finally {
      await infra.stop();
    }
  });

  it('uses the mongo and nats images when TESTCONTAINERS=1 and Docker answers, local processes otherwise', async () => {
    const messages: string[] = [];
    const env = { ...process.env, TESTCONTAINERS: '1', MONGO_URL: undefined, NATS_URL: undefined };
    const docker = await dockerAvailable();
    const infra = await startTestInfra({ env, log: (message) => messages.push(message) });
    try {
      expect(infra.kind).toBe(docker ? 'containers' : 'processes');
      if (!docker) expect(messages[0]).toMatch(/no Docker engine answers: using local processes/);
      await expectUsable(infra);
    } finally {
      await infra.stop();
    }
  }, 300_000);
});
