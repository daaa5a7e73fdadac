import { describe, expect, it } from 'vitest';
import { signInLimits, throttleMessage, throttleWindowMs } from './sign-in-throttle.js';

describe('sign-in throttle', () => {
  it('blocks at 5 failures for an email or 20 for an IP, in 15-minute windows', () => {
    expect([signInLimits.email.max, signInLimits.ip.max]).toEqual([5, 20]);
    expect(throttleWindowMs).toBe(15 * 60_000);
  });

  it('says how many whole minutes are left', () => {
    expect(throttleMessage(5)).toBe(
      'Too many failed sign-in attempts. Please try again in 5 minutes.',
    );
    expect(throttleMessage(1)).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
  });
});
