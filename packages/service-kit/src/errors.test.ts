import { once } from 'node:events';
import { createServer, request, type IncomingMessage } from 'node:http';
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
import { createLogger } from './logger.js';

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
  const refusingBeforeTheBody = async (body: string | undefined) => {
    const app = new Koa();
    app.use(errorMiddleware(createLogger('test', 'silent')));
    app.use(() => {
      throw new HttpError(413, 'Request body is too large');
    });
    const server = createServer(app.callback());
    await once(server.listen(0, '127.0.0.1'), 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<IncomingMessage>((resolve, reject) => {
        const call = request({ host: '127.0.0.1', port, method: 'POST', path: '/' });
        call.on('response', (answer) => {
          answer.resume();
          resolve(answer);
        });
        call.on('error', reject);
        // Part of the body only: the service answers while the rest is still to come.
        if (body === undefined) call.end();
        else call.write(body);
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  };

  it('closes the connection when it refuses a request before its body was read to the end', async () => {
    const answer = await refusingBeforeTheBody('{"half":');
    expect(answer.statusCode).toBe(413);
    expect(answer.headers.connection).toBe('close');
  });

  it('keeps the connection of a request it had read whole', async () => {
    const answer = await refusingBeforeTheBody(undefined);
    expect(answer.statusCode).toBe(413);
    expect(answer.headers.connection).toBe('keep-alive');
  });
});
