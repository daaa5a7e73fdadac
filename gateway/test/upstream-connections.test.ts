import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, listen, type RunningService } from '@onvelope/service-kit/http';
import { startTestGateway } from './support.js';

// Issue 32 §10: "socket hang up ECONNRESET" 10 ms into an ordinary call, a 502, and the second
// click worked. The gateway reused a keep-alive connection the service was closing.

interface Attempt {
  /** The request line, e.g. `GET /api/upload/summary HTTP/1.1`. */
  line: string;
  /** Whether it came on a connection that had already carried a request. */
  reused: boolean;
}

/**
 * A service that answers the first request of each connection (keeping the connection open) and
 * resets the connection, without reading it, when another request arrives on it: what a service
 * does whose keep-alive timeout ends just as the gateway sends a call on that connection. With
 * `resetEverything()`, it resets every request from then on, on new connections too.
 */
async function startClosingOnReuse() {
  const attempts: Attempt[] = [];
  const sockets = new Set<Socket>();
  let resettingAll = false;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let served = 0;
    let buffered = Buffer.alloc(0);
    let bodyLeft: number | undefined;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (bodyLeft === undefined) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString('latin1');
        attempts.push({ line: head.slice(0, head.indexOf('\r\n')), reused: served > 0 });
        if (served > 0 || resettingAll) {
          socket.resetAndDestroy();
          return;
        }
        bodyLeft = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        buffered = buffered.subarray(end + 4);
      }
      if (buffered.length < bodyLeft) return;
      served += 1;
      bodyLeft = undefined;
      buffered = Buffer.alloc(0);
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n' +
          'connection: keep-alive\r\n\r\n{"ok":true}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    resetEverything: () => (resettingAll = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a call that meets a connection the service is closing', () => {
  let service: Awaited<ReturnType<typeof startClosingOnReuse>>;
  let gateway: RunningService;

  beforeAll(async () => {
    service = await startClosingOnReuse();
    gateway = await startTestGateway({ ORDERS_SERVICE_URL: service.url });
  });
  afterAll(async () => {
    await gateway.close();
    await service.close();
  });
  afterEach(() => {
    service.attempts.length = 0;
  });

  const call = (method: string, path: string, body?: string) =>
    fetch(`${gateway.url}${path}`, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    });

  it('is sent again on a new connection when it is idempotent and has no body', async () => {
    for (const [method, path] of [
      ['GET', '/api/upload/summary'],
      ['HEAD', '/api/upload/summary'],
      ['DELETE', '/api/keyword-rules/rule-1'],
      ['PUT', '/api/keyword-rules/rule-1'],
    ] as const) {
      // The first call opens a connection the gateway keeps; the second meets it being closed.
      expect((await call('GET', '/api/upload/summary')).status).toBe(200);
      const answer = await call(method, path);
      expect(answer.status, `${method} ${path}`).toBe(200);
    }
    const retried = service.attempts.filter((attempt) => attempt.reused);
    expect(retried).toHaveLength(4);
    // Each was answered on a connection of its own, right after the reset.
    for (const reset of retried) {
      const next = service.attempts[service.attempts.indexOf(reset) + 1];
      expect(next).toEqual({ line: reset.line, reused: false });
    }
  });

  it('is not sent again once its body has started on its way: a POST is answered 502', async () => {
    expect((await call('GET', '/api/upload/summary')).status).toBe(200);
    const answer = await call('POST', '/api/keyword-rules', JSON.stringify({ keyword: 'gift' }));
    expect(answer.status).toBe(502);
    expect(await answer.json()).toEqual({
      error: 'Bad gateway',
      details: [{ message: 'svc-orders failed to answer' }],
    });
    expect(service.attempts.map((attempt) => attempt.line)).toEqual([
      'GET /api/upload/summary HTTP/1.1',
      'POST /api/keyword-rules HTTP/1.1',
    ]);
  });

  it('is sent again once only, and a call that fails on a new connection is not sent again', async () => {
    expect((await call('GET', '/api/upload/summary')).status).toBe(200);
    service.resetEverything();
    expect((await call('GET', '/api/upload/summary')).status).toBe(502);
    expect((await call('GET', '/api/upload/summary')).status).toBe(502);
    expect(service.attempts).toEqual([
      { line: 'GET /api/upload/summary HTTP/1.1', reused: false },
      { line: 'GET /api/upload/summary HTTP/1.1', reused: true },
      { line: 'GET /api/upload/summary HTTP/1.1', reused: false },
      { line: 'GET /api/upload/summary HTTP/1.1', reused: false },
    ]);
  });
});

describe('idle connections to a service', () => {
  it(
    'are closed by the gateway well before the service’s keep-alive timeout would close them',
    async () => {
      // A service served as service-kit serves every one (listen sets its keep-alive timeout),
      // behind a relay that tells which side closes the connection first.
      const app = new Koa().use((ctx) => {
        ctx.body = { ok: true };
      });
      const service = await listen(app, { host: '127.0.0.1', port: 0, shutdownTimeoutMs: 1_000 });
      const relay = await startClosingWitness(service.port);
      const gateway = await startTestGateway({ ORDERS_SERVICE_URL: relay.url });
      try {
        expect((await fetch(`${gateway.url}/api/upload/summary`)).status).toBe(200);
        const answeredAt = Date.now();
        const deadline = answeredAt + KEEP_ALIVE_TIMEOUT_MS + 3_000;
        while (!relay.closings.length && Date.now() < deadline) await sleep(20);
        expect(relay.closings).toHaveLength(1);
        expect(relay.closings[0]!.by).toBe('gateway');
        expect(relay.closings[0]!.at - answeredAt).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS - 2_000);
      } finally {
        await gateway.close();
        await relay.close();
        await service.close();
      }
    },
    KEEP_ALIVE_TIMEOUT_MS + 10_000,
  );

  it('do not cut a call that takes longer than the idle time to answer', async () => {
    const app = new Koa().use(async (ctx) => {
      await sleep(2_500);
      ctx.body = { ok: true };
    });
    const service = await listen(app, { host: '127.0.0.1', port: 0, shutdownTimeoutMs: 1_000 });
    const gateway = await startTestGateway({ ORDERS_SERVICE_URL: service.url });
    try {
      expect((await fetch(`${gateway.url}/api/upload/summary`)).status).toBe(200);
    } finally {
      await gateway.close();
      await service.close();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP relay to `port` that records which side of each connection closed it first, and when. */
async function startClosingWitness(port: number) {
  const closings: { by: 'gateway' | 'service'; at: number }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((fromGateway) => {
    const toService = connect(port, '127.0.0.1');
    let closed = false;
    for (const [socket, side] of [
      [fromGateway, 'gateway'],
      [toService, 'service'],
    ] as const) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => sockets.delete(socket));
      socket.once('end', () => {
        if (!closed) closings.push({ by: side, at: Date.now() });
        closed = true;
        fromGateway.destroy();
        toService.destroy();
      });
    }
    fromGateway.pipe(toService, { end: false });
    toService.pipe(fromGateway, { end: false });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    closings,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
