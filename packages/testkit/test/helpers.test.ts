import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import mongoose from 'mongoose';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import {
  freePort,
  natsConnectOptions,
  startService,
  testInfra,
  uniqueDatabaseName,
  type ServiceStarter,
} from '@onvelope/testkit';

/** A stand-in service: answers every request with the environment it was started with. */
const echoEnvService: ServiceStarter = async (env) => {
  const server = createHttpServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(env));
  });
  await new Promise<void>((resolve) => server.listen(Number(env.PORT), '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
};

/** A stand-in service that keeps a counter in its own database, as a real one would. */
const counterService: ServiceStarter = async (env) => {
  const connection = await mongoose
    .createConnection(env.MONGO_URL!, { dbName: env.MONGO_DB })
    .asPromise();
  const Visit = connection.model('Visit', new mongoose.Schema({ at: Date }));
  const server = createHttpServer((_request, response) => {
    void Visit.create({ at: new Date() })
      .then(() => Visit.countDocuments())
      .then((count) => response.end(String(count)));
  });
  await new Promise<void>((resolve) => server.listen(Number(env.PORT), '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await connection.close();
    },
  };
};

describe('testInfra', () => {
  it('gives the URLs of the MongoDB-compatible server, NATS and stripe-mock started for the run', async () => {
    const { mongoUrl, natsUrl, stripeMockUrl } = testInfra();
    const connection = await mongoose.createConnection(mongoUrl).asPromise();
    expect(await connection.db!.admin().ping()).toMatchObject({ ok: 1 });
    await connection.close();
    const nc = await connectNats(natsConnectOptions(natsUrl));
    expect((await (await jetstreamManager(nc)).getAccountInfo()).limits).toBeDefined();
    await nc.close();
    const stripe = await fetch(`${stripeMockUrl}/v1/prices`, {
      headers: { Authorization: 'Bearer sk_test_123' },
    });
    expect(stripe.status).toBe(200);
  });
});

describe('uniqueDatabaseName', () => {
  it('starts with the prefix and differs on every call', () => {
    const names = new Set(Array.from({ length: 1000 }, () => uniqueDatabaseName('orders')));
    expect(names.size).toBe(1000);
    for (const name of names) expect(name).toMatch(/^orders_[0-9a-f]{16}$/);
  });

  it('turns a prefix into a name MongoDB accepts, whatever characters or length it has', () => {
    const name = uniqueDatabaseName('svc-orders/test.file "one" $*<>:|?'.repeat(5));
    expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(uniqueDatabaseName('')).toMatch(/^test_/);
  });

  it('keeps the data of two test files apart on the shared server', async () => {
    const { mongoUrl } = testInfra();
    const schema = new mongoose.Schema({ owner: String });
    const first = await mongoose
      .createConnection(mongoUrl, { dbName: uniqueDatabaseName('isolation') })
      .asPromise();
    const second = await mongoose
      .createConnection(mongoUrl, { dbName: uniqueDatabaseName('isolation') })
      .asPromise();
    try {
      await first.model('Entry', schema).create({ owner: 'first' });
      expect(await second.model('Entry', schema).countDocuments()).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('freePort', () => {
  it('returns a port that a server can then listen on', async () => {
    const port = await freePort();
    const server = createTcpServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect((server.address() as { port: number }).port).toBe(port);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('startService', () => {
  it('starts the service on a free port against the run infrastructure, in its own database, with logs silenced', async () => {
    const service = await startService(echoEnvService);
    try {
      const env = (await (await fetch(service.url)).json()) as Record<string, string>;
      const { mongoUrl, natsUrl } = testInfra();
      expect(env).toEqual({
        PORT: '0',
        MONGO_URL: mongoUrl,
        NATS_URL: natsUrl,
        MONGO_DB: expect.stringMatching(/^svc_[0-9a-f]{16}$/),
        LOG_LEVEL: 'silent',
      });
      expect(service.env).toEqual(env);
      expect(new URL(service.url).port).not.toBe('0');
    } finally {
      await service.close();
    }
  });

  it('lets the given env add variables and override the defaults', async () => {
    const service = await startService(echoEnvService, {
      MONGO_DB: 'orders_fixed',
      AUTH_SERVICE_URL: 'http://127.0.0.1:1',
    });
    try {
      const env = (await (await fetch(service.url)).json()) as Record<string, string>;
      expect(env).toMatchObject({
        MONGO_DB: 'orders_fixed',
        AUTH_SERVICE_URL: 'http://127.0.0.1:1',
        PORT: '0',
      });
    } finally {
      await service.close();
    }
  });

  it('gives each started service its own database', async () => {
    const first = await startService(counterService);
    const second = await startService(counterService);
    try {
      expect(await (await fetch(first.url)).text()).toBe('1');
      expect(await (await fetch(first.url)).text()).toBe('2');
      expect(await (await fetch(second.url)).text()).toBe('1');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('leaves process.env alone and stops serving once closed', async () => {
    const before = { ...process.env };
    const service = await startService(echoEnvService);
    expect(process.env).toEqual(before);
    await service.close();
    await expect(fetch(service.url)).rejects.toThrow();
  });
});
