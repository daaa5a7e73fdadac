import { describe, expect, it } from 'vitest';
import { FixedWindowCounter } from './rate-limit.js';

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
