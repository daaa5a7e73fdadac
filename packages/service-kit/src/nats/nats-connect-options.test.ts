import { describe, expect, it } from 'vitest';
import { natsConnectOptions } from './nats-connect-options.js';

describe('natsConnectOptions', () => {
  it('moves percent-encoded credentials out of the URL into user and pass', () => {
    expect(natsConnectOptions('nats://w1:s%40cret%2Fx@127.0.0.1:4222')).toEqual({
      servers: 'nats://127.0.0.1:4222',
      user: 'w1',
      pass: 's@cret/x',
    });
  });

  it('leaves a URL without credentials, or one that is no URL, as the servers option', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222')).toEqual({
      servers: 'nats://127.0.0.1:4222',
    });
    expect(natsConnectOptions('127.0.0.1:4222')).toEqual({ servers: '127.0.0.1:4222' });
  });

  it('splits the seeds of a cluster into a list, with their credentials taken out', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222, nats://127.0.0.1:4223,')).toEqual({
      servers: ['nats://127.0.0.1:4222', 'nats://127.0.0.1:4223'],
    });
    expect(natsConnectOptions('nats://w1:pw@127.0.0.1:4222,nats://w1:pw@127.0.0.1:4223')).toEqual({
      servers: ['nats://127.0.0.1:4222', 'nats://127.0.0.1:4223'],
      user: 'w1',
      pass: 'pw',
    });
  });
});
