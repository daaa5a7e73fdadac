import { describe, expect, it } from 'vitest';
import {
  isThrottled,
  maxFailuresPerEmail,
  maxFailuresPerIp,
  minutesUntilWindowEnds,
  throttleMessage,
  windowStart,
} from './sign-in-throttle.js';

describe('sign-in throttle', () => {
  it('blocks at 5 failures for an email or 20 for an IP', () => {
    expect([maxFailuresPerEmail, maxFailuresPerIp]).toEqual([5, 20]);
    expect(isThrottled({ email: 4, ip: 19 })).toBe(false);
    expect(isThrottled({ email: 5, ip: 0 })).toBe(true);
    expect(isThrottled({ email: 0, ip: 20 })).toBe(true);
  });

  it('puts moments of the same quarter hour in the same window', () => {
    expect(windowStart(new Date('2026-03-01T10:00:00Z'))).toBe(
      windowStart(new Date('2026-03-01T10:14:59.999Z')),
    );
    expect(windowStart(new Date('2026-03-01T10:15:00Z'))).toBe(Date.parse('2026-03-01T10:15:00Z'));
  });

  it('says how many whole minutes are left, at least one', () => {
    expect(minutesUntilWindowEnds(new Date('2026-03-01T10:00:00Z'))).toBe(15);
    expect(minutesUntilWindowEnds(new Date('2026-03-01T10:10:30Z'))).toBe(5);
    expect(minutesUntilWindowEnds(new Date('2026-03-01T10:14:59Z'))).toBe(1);
    expect(throttleMessage(5)).toBe(
      'Too many failed sign-in attempts. Please try again in 5 minutes.',
    );
    expect(throttleMessage(1)).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
  });
});
