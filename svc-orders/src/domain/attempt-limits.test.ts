import { describe, expect, it } from 'vitest';
import { lookupMessages, minutesLeftInWindow, windowStartOf } from './attempt-limits.js';

const hour = 60 * 60_000;

describe('attempt windows', () => {
  it('puts every moment of an hour in the same window', () => {
    const start = Date.UTC(2026, 0, 1, 10);
    expect(windowStartOf(new Date(start + 59 * 60_000), hour)).toBe(start);
    expect(windowStartOf(new Date(start + hour), hour)).toBe(start + hour);
  });

  it('tells how many whole minutes are left, at least one', () => {
    const start = Date.UTC(2026, 0, 1, 10);
    expect(minutesLeftInWindow(new Date(start + 30 * 60_000 + 1), hour)).toBe(30);
    expect(minutesLeftInWindow(new Date(start + hour - 1), hour)).toBe(1);
  });

  it('says the wait in words', () => {
    expect(lookupMessages.tooManyLookups(1)).toBe(
      'Too many order lookups. Please try again in 1 minute.',
    );
    expect(lookupMessages.tooManyQueries(15)).toBe(
      'Too many queries sent. Please try again in 15 minutes.',
    );
  });
});
