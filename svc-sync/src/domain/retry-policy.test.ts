import { describe, expect, it } from 'vitest';
import { backoffMs, isRetryableStatus, retryAfterMs } from './retry-policy.js';

describe('retry policy', () => {
  it('doubles the backoff with each attempt, jittered within the upper half', () => {
    expect(backoffMs(1, 500, () => 0)).toBe(250);
    expect(backoffMs(1, 500, () => 1)).toBe(500);
    expect(backoffMs(3, 500, () => 1)).toBe(2000);
  });

  it('reads Retry-After as seconds or a date, capped, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('9999', now)).toBe(120_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('retries 429 and 5xx only', () => {
    expect([429, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 404, 409].some(isRetryableStatus)).toBe(false);
  });
});
