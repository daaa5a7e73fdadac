import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('token bucket', () => {
  it('lets a burst through, then spaces requests at the rate', () => {
    const bucket = new TokenBucket(2, 4);
    expect(bucket.take(0)).toBe(0);
    expect(bucket.take(0)).toBe(0);
    expect(bucket.take(0)).toBe(250);
    expect(bucket.take(0)).toBe(500);
  });

  it('refills with time, up to its capacity', () => {
    const bucket = new TokenBucket(2, 4);
    bucket.take(0);
    bucket.take(0);
    expect(bucket.take(10_000)).toBe(0);
    expect(bucket.take(10_000)).toBe(0);
    expect(bucket.take(10_000)).toBe(250);
  });
});
