import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDir, freePort, NATS_SERVER_VERSION } from '@onvelope/infra';
import { startAnalyticsService } from '@onvelope/svc-analytics';
import {
  connectTestDatabase,
  startService,
  startTestIssuer,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { startOrdersService } from '../src/index.js';
import { csvLine, requiredHeader, sellerOf, type Caller } from './support.js';

/** The nats-server the infra uses: on the PATH, else the pinned build in the project's cache. */
async function natsServerBinary(): Promise<string> {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = join(dir, 'nats-server');
    if (
      await access(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return join(cacheDir(), 'nats-server', NATS_SERVER_VERSION, 'nats-server');
}

/**
 * A NATS server of this file's own that can be stopped and started again on the same port with the
 * same JetStream store, as an outage and its end look to the services.
 */
async function restartableNats() {
  const binary = await natsServerBinary();
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'orders-outage-nats-'));
  let server: ChildProcess | undefined;
  // Starting a server that runs already is a no-op: a second one could not take the port, and
  // holding it in `server` would leave the running one behind when the file stops.
  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server && server.exitCode === null && server.signalCode === null) {
        resolve();
        return;
      }
      const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir]);
      server = child;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server is ready')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${output}`)));
    });
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

describe('orders events during a NATS outage', () => {
  let nats: Awaited<ReturnType<typeof restartableNats>>;
  let issuer: TestIssuer;
  let orders: StartedService;
  let analytics: StartedService;
  let facts: mongoose.Connection;
  let seller: Caller;

  beforeAll(async () => {
    nats = await restartableNats();
    issuer = await startTestIssuer({ natsUrl: nats.url });
    orders = await startService(startOrdersService, {
      AUTH_JWKS_URL: issuer.url,
      NATS_URL: nats.url,
    });
    analytics = await startService(startAnalyticsService, {
      AUTH_JWKS_URL: issuer.url,
      NATS_URL: nats.url,
    });
    facts = await connectTestDatabase(analytics.env.MONGO_DB);
    seller = await sellerOf(orders.url, issuer, 'outage-seller');
  }, 60_000);
  afterAll(async () => {
    await nats.start().catch(() => undefined);
    await orders?.close();
    await analytics?.close();
    await issuer?.close();
    await facts?.close();
    await nats?.remove();
  });

  it('publishes every change stored while NATS was down once it is back', async () => {
    const rows = 2_500;
    const orderNumber = (n: number) => `OUT-${n}`;
    // The upload stops NATS after its first 1,500 rows: the first batch is stored (and perhaps
    // published), the rest of the file is stored while NATS is down.
    async function* file() {
      yield `${requiredHeader}\n`;
      for (let n = 1; n <= rows; n += 1) {
        if (n === 1_501) await nats.stop();
        yield `${csvLine({ orderNumber: orderNumber(n), status: 'pending' })}\n`;
      }
    }
    const imported = await seller.upload(file());
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ successfulRows: rows, failedRows: 0 });

    // A shipment while NATS is still down.
    const shipped = await fetch(`${orders.url}/api/bigcartel/orders/${orderNumber(7)}/shipped`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await issuer.merchantToken(seller.accountId)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ trackingNumber: 'AB123456789GB', courier: 'Royal Mail' }),
    });
    expect(shipped.status).toBe(200);

    await nats.start();

    const recorded = facts.collection<{
      _id: string;
      orderNumber: string;
      status: string;
      version: number;
    }>('order_facts');
    await expect
      .poll(() => recorded.countDocuments({ accountId: seller.accountId }), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(rows);
    await expect
      .poll(
        async () =>
          (await recorded.findOne({ accountId: seller.accountId, orderNumber: orderNumber(7) }))
            ?.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('shipped');
  }, 120_000);
});
