import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, isDatabaseUnavailable, tooManyRequests } from '@onvelope/service-kit/errors';
import { errorFrom, passedError } from './import-thread-messages.js';

/** An error as the other thread gets it: passed, cloned as a message is, and rebuilt. */
const acrossThreads = (error: unknown) => errorFrom(structuredClone(passedError(error)));

describe('errors passed between the import thread and the service', () => {
  it('keep an HttpError’s status, details, extra fields, wait and stack', () => {
    const refused = new HttpError(402, 'Your trial has ended', [{ message: 'Subscribe' }], {
      reason: 'trial_ended',
    });
    const passed = acrossThreads(refused);
    expect(passed).toBeInstanceOf(HttpError);
    expect(passed).toMatchObject({
      status: 402,
      message: 'Your trial has ended',
      details: [{ message: 'Subscribe' }],
      extra: { reason: 'trial_ended' },
    });
    expect(passed.stack).toBe(refused.stack);
    expect(acrossThreads(tooManyRequests('Slow down', 12))).toMatchObject({
      status: 429,
      retryAfterSeconds: 12,
    });
  });

  it('answer a validation error or a client error thrown in the thread as the service would', () => {
    const invalid = z.object({ email: z.string() }).safeParse({ email: 7 }).error;
    expect(acrossThreads(invalid)).toBeInstanceOf(HttpError);
    expect(acrossThreads(invalid)).toMatchObject({
      status: 400,
      message: 'Validation failed',
      details: [{ path: 'email' }],
    });
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      expose: true,
    });
    expect(acrossThreads(tooLarge)).toMatchObject({
      status: 413,
      message: 'request entity too large',
    });
    const hidden = Object.assign(new Error('internal detail'), { status: 400, expose: false });
    expect(acrossThreads(hidden)).not.toBeInstanceOf(HttpError);
  });

  it('keep the names and codes that say the database is away', () => {
    const selection = Object.assign(new Error('Server selection timed out'), {
      name: 'MongoServerSelectionError',
    });
    const dropped = Object.assign(new Error('This socket has been ended'), { code: 'EPIPE' });
    expect(isDatabaseUnavailable(acrossThreads(selection))).toBe(true);
    expect(isDatabaseUnavailable(acrossThreads(dropped))).toBe(true);
    expect(isDatabaseUnavailable(acrossThreads(new TypeError('x is undefined')))).toBe(false);
  });

  it('keep a fault’s name, message and stack, and make an error of anything thrown', () => {
    const fault = new TypeError('x is undefined');
    expect(acrossThreads(fault)).toMatchObject({ name: 'TypeError', message: 'x is undefined' });
    expect(acrossThreads(fault).stack).toBe(fault.stack);
    expect(acrossThreads('a string')).toMatchObject({ name: 'Error', message: 'a string' });
  });
});
