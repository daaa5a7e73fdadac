import { describe, expect, it } from 'vitest';
import { createLogger } from '@onvelope/service-kit/observability';
import { type AttemptCounters } from '@onvelope/service-kit/mongo';
import { FixedWindowCounter, sharedWindowCounter } from './rate-limit.js';

describe('FixedWindowCounter', () => {
  it('allows up to the limit per key in a window and refuses the rest until the window ends', () => {
    let now = 1_000;
    const counter = new FixedWindowCounter(60_000, 2, () => now);
    expect(counter.hit('1.2.3.4').allowed).toBe(true);
    expect(counter.hit('1.2.3.4').allowed).toBe(true);
    now += 15_000;
    expect(counter.hit('1.2.3.4')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(counter.hit('5.6.7.8').allowed).toBe(true);
    now += 45_000;
    expect(counter.hit('1.2.3.4').allowed).toBe(true);
  });

  it('keeps windows on their fixed boundaries after a quiet spell', () => {
    let now = 0;
    const counter = new FixedWindowCounter(10_000, 1, () => now);
    now = 25_000;
    counter.hit('a');
    now = 29_500;
    expect(counter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('sharedWindowCounter', () => {
  const log = createLogger('gateway-test', 'silent');
  const limit = { name: 'gateway-sign-in', windowMs: 60_000, max: 2 };

  it('refuses once the shared count passes the limit, with the seconds the window has left', async () => {
    let count = 0;
    const counters = { hit: () => Promise.resolve({ count: ++count, secondsLeft: 42 }) };
    const counter = sharedWindowCounter(counters as unknown as AttemptCounters, limit, log);
    expect(await counter.hit('a')).toMatchObject({ allowed: true });
    expect(await counter.hit('a')).toMatchObject({ allowed: true });
    expect(await counter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 42 });
  });

  it('allows the call when the shared database cannot be reached', async () => {
    const counters = { hit: () => Promise.reject(new Error('connection refused')) };
    const counter = sharedWindowCounter(counters as unknown as AttemptCounters, limit, log);
    expect(await counter.hit('a')).toMatchObject({ allowed: true });
  });
});
