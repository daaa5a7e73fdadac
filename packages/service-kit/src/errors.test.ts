import { describe, expect, it } from 'vitest';
import {
  databaseUnavailableMessage,
  HttpError,
  isDatabaseUnavailable,
  toErrorResponse,
  tooManyRequests,
} from './errors.js';

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
