import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import {
  databaseUnavailableMessage,
  errorMiddleware,
  HttpError,
  isDatabaseUnavailable,
  toErrorResponse,
  tooManyRequests,
} from './errors.js';
import { createLogger } from '../observability/logger.js';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('error answers', () => {
  it('answers 429 with the seconds to wait, rounded up and at least one', () => {
    expect(toErrorResponse(tooManyRequests('Slow down', 89.2))).toEqual({
      status: 429,
      response: { error: 'Slow down' },
      retryAfterSeconds: 90,
    });
    expect(tooManyRequests('Slow down', 0).retryAfterSeconds).toBe(1);
    expect(toErrorResponse(new HttpError(404, 'Not here'))).toEqual({
      status: 404,
      response: { error: 'Not here' },
    });
  });

  it.each([
    named('MongoServerSelectionError', 'connect ECONNREFUSED 127.0.0.1:27017'),
    named('MongooseServerSelectionError'),
    named('MongoNetworkError'),
    named('MongoNetworkTimeoutError'),
    named('MongoNotConnectedError'),
    named('MongooseError', 'Operation `orders.find()` buffering timed out after 10000ms'),
    Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
    Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  ])('answers 503 with a clear message while the database cannot be reached (%s)', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toErrorResponse(error)).toEqual({
      status: 503,
      response: { error: databaseUnavailableMessage },
      retryAfterSeconds: 5,
    });
  });

  it('keeps 500 for anything else, the database answering included', () => {
    for (const error of [
      named('MongoServerError', 'E11000'),
      named('MongooseError'),
      Object.assign(new Error('no such file'), { code: 'ENOENT' }),
      new Error(),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(toErrorResponse(error).status).toBe(500);
    }
  });
});

describe('errorMiddleware', () => {
  it('reads and drops the rest of a body it refused early, so the answer and the connection survive', async () => {
    const app = new Koa();
    app.use(errorMiddleware(createLogger('test', 'silent')));
    app.use((ctx) => {
      if (ctx.path === '/refuse') throw new HttpError(413, 'Request body is too large');
      ctx.body = { ok: true };
    });
    const server = createServer(app.callback());
    await once(server.listen(0, '127.0.0.1'), 'listening');
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, body: Buffer) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const call = request({ host: '127.0.0.1', port, method: 'POST', path, agent });
        call.on('response', (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
        });
        call.on('error', reject);
        call.end(body);
      });
    try {
      // 4 MB: far more than the socket buffers hold when the service answers.
      const refused = await send('/refuse', Buffer.alloc(4 * 1024 * 1024, 'a'));
      const next = await send('/next', Buffer.from('{}'));

      expect(refused).toEqual({ status: 413, text: '{"error":"Request body is too large"}' });
      expect(next).toEqual({ status: 200, text: '{"ok":true}' });
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
