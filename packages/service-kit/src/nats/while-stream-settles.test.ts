import { JetStreamApiError } from '@nats-io/jetstream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whileStreamSettles } from './nats.js';

const streamNotFound = () =>
  new JetStreamApiError({ code: 404, err_code: 10059, description: 'stream not found' });

describe('whileStreamSettles', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again while the stream is not found, and answers once it is there', async () => {
    let asked = 0;
    const answer = await whileStreamSettles(() => {
      asked += 1;
      return asked < 4 ? Promise.reject(streamNotFound()) : Promise.resolve('consumer added');
    });
    expect(answer).toBe('consumer added');
    expect(asked).toBe(4);
  });

  it('passes any other error on at once', async () => {
    let asked = 0;
    const refused = whileStreamSettles(() => {
      asked += 1;
      return Promise.reject(new Error('consumer name already in use'));
    });
    await expect(refused).rejects.toThrow('consumer name already in use');
    expect(asked).toBe(1);
  });

  it('gives up after ten seconds of "not found"', async () => {
    vi.useFakeTimers();
    const never = whileStreamSettles(() => Promise.reject(streamNotFound()));
    const outcome = never.then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(10_999);
    await expect(outcome).resolves.toBe('stream not found');
  });
});
