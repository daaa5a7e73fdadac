import { describe, expect, it } from 'vitest';
import { minutesLeftInWindow, windowStartOf } from './attempt-counters.js';

const hour = 60 * 60_000;
const quarter = 15 * 60_000;

describe('attempt windows', () => {
  it('puts every moment of an hour in the same window', () => {
    const start = Date.UTC(2026, 0, 1, 10);
    expect(windowStartOf(new Date(start + 59 * 60_000), hour)).toBe(start);
    expect(windowStartOf(new Date(start + hour), hour)).toBe(start + hour);
  });

  it('puts moments of the same quarter hour in the same window', () => {
    expect(windowStartOf(new Date('2026-03-01T10:00:00Z'), quarter)).toBe(
      windowStartOf(new Date('2026-03-01T10:14:59.999Z'), quarter),
    );
    expect(windowStartOf(new Date('2026-03-01T10:15:00Z'), quarter)).toBe(
      Date.parse('2026-03-01T10:15:00Z'),
    );
  });

  it('tells how many whole minutes are left, at least one', () => {
    const start = Date.UTC(2026, 0, 1, 10);
    expect(minutesLeftInWindow(new Date(start + 30 * 60_000 + 1), hour)).toBe(30);
    expect(minutesLeftInWindow(new Date(start + hour - 1), hour)).toBe(1);
    expect(minutesLeftInWindow(new Date('2026-03-01T10:00:00Z'), quarter)).toBe(15);
    expect(minutesLeftInWindow(new Date('2026-03-01T10:10:30Z'), quarter)).toBe(5);
    expect(minutesLeftInWindow(new Date('2026-03-01T10:14:59Z'), quarter)).toBe(1);
  });
});
