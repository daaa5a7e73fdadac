import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@onvelope/service-kit/http';
import { startStandIn, startTestGateway, type StandIn } from './support.js';

/** Resolves on the first call of the returned callback. */
function signal<T = void>() {
  let fire!: (value: T) => void;
  const fired = new Promise<T>((resolve) => (fire = resolve));
  return { fire, fired };
}

describe('graceful shutdown', () => {
  it('finishes a request in flight before it stops, and refuses new connections meanwhile', async () => {
    const reached = signal();
    const events: string[] = [];
    const orders = await startStandIn((req: IncomingMessage, res: ServerResponse) => {
      reached.fire();
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ total: 3 }));
        events.push('service answered');
      }, 400);
    });
    const gateway = await startTestGateway({ ORDERS_SERVICE_URL: orders.url });
    try {
      // One connection per call (no keep-alive), so the drain waits on the call, not an idle socket.
      const inFlight = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const call = request(`${gateway.url}/api/upload/summary`, { agent: false }, (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += String(chunk)));
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) }),
          );
        });
        call.on('error', reject);
        call.end();
      });
      await reached.fired;

      const closed = gateway.close().then(() => events.push('closed'));
      await expect(fetch(`${gateway.url}/api/upload/summary`)).rejects.toThrow();

      expect(await inFlight).toEqual({ status: 200, body: { total: 3 } });
      await closed;
      expect(events).toEqual(['service answered', 'closed']);
    } finally {
      await gateway.close();
      await orders.close();
    }
  });
});

describe('readiness while draining', () => {
  it('says 503 draining on /readyz for DRAIN_DELAY_MS after close begins, still serving calls', async () => {
    const orders = await startStandIn((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ total: 1 }));
    });
    const gateway = await startTestGateway({
      ORDERS_SERVICE_URL: orders.url,
      DRAIN_DELAY_MS: '1500',
    });
    try {
      const ready = await fetch(`${gateway.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([
        200,
        { status: 'ready', service: 'gateway' },
      ]);
      const closed = gateway.close();
      const draining = await fetch(`${gateway.url}/readyz`);
      expect([draining.status, await draining.json()]).toEqual([
        503,
        { status: 'draining', service: 'gateway' },
      ]);
      expect((await fetch(`${gateway.url}/api/upload/summary`)).status).toBe(200);
      await closed;
      await expect(fetch(`${gateway.url}/readyz`)).rejects.toThrow();
    } finally {
      await gateway.close();
      await orders.close();
    }
  });
});

describe('a client that goes away', () => {
  let gateway: RunningService;
  let orders: StandIn;
  let upstreamClosed = signal<{ finished: boolean }>();
  const firstBytes = signal();

  beforeAll(async () => {
    orders = await startStandIn((req, res) => {
      res.on('close', () => upstreamClosed.fire({ finished: res.writableFinished }));
      if (req.url === '/api/reports/export') {
        // Starts a download and never finishes it.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('orderNumber,status\n');
        return;
      }
      // Reads the upload and never answers.
      req.on('data', () => firstBytes.fire());
    });
    gateway = await startTestGateway({ ORDERS_SERVICE_URL: orders.url });
  });

  afterAll(async () => {
    await gateway.close();
    await orders.close();
  });

  it('makes the gateway abort the service call during a download', async () => {
    upstreamClosed = signal();
    const call = request(`${gateway.url}/api/reports/export`, { method: 'POST' });
    call.on('error', () => undefined);
    call.end();
    const [answer] = (await once(call, 'response')) as [IncomingMessage];
    await once(answer, 'data');
    call.destroy();
    expect(await upstreamClosed.fired).toEqual({ finished: false });
  });

  it('makes the gateway abort the service call during an upload', async () => {
    upstreamClosed = signal();
    const call = request(`${gateway.url}/api/upload/csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'content-length': '1000000' },
    });
    call.on('error', () => undefined);
    call.write(Buffer.alloc(10_000, 'x'));
    await firstBytes.fired;
    call.destroy();
    expect(await upstreamClosed.fired).toEqual({ finished: false });
  });
});

describe('a service that goes away mid-answer', () => {
  it('cuts the client’s answer short instead of ending it as if complete, and keeps serving', async () => {
    const orders = await startStandIn((req, res) => {
      if (req.url === '/api/reports/export') {
        // Promises 1,000 bytes, sends 20, then its connection drops.
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '1000' });
        res.write('orderNumber,status\n', () => res.socket?.destroy());
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ total: 3 }));
    });
    const gateway = await startTestGateway({ ORDERS_SERVICE_URL: orders.url });
    try {
      const answer = await fetch(`${gateway.url}/api/reports/export`, { method: 'POST' });
      expect(answer.status).toBe(200);
      await expect(answer.text()).rejects.toThrow();

      const next = await fetch(`${gateway.url}/api/upload/summary`);
      expect(await next.json()).toEqual({ total: 3 });
    } finally {
      await gateway.close();
      await orders.close();
    }
  });
});
