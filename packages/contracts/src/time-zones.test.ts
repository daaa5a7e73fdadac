import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallTimeOf } from './time-zones.js';

const wall = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
});

describe('clock readings in a time zone', () => {
  it('finds the instant a clock reads, east and west of UTC and at half hours', () => {
    expect(instantOfWallTime(wall(2026, 3, 2, 8), 'Asia/Tokyo').toISOString()).toBe(
      '2026-03-01T23:00:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 3, 2, 8), 'America/New_York').toISOString()).toBe(
      '2026-03-02T13:00:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 3, 2, 8), 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-02T02:30:00.000Z',
    );
    expect(instantOfWallTime(wall(2025, 1, 5), 'UTC').toISOString()).toBe(
      '2025-01-05T00:00:00.000Z',
    );
  });

  it('follows summer time, and reads a zone it does not know as UTC', () => {
    // New York moves to EDT on Sunday 8 March 2026.
    expect(instantOfWallTime(wall(2026, 3, 7), 'America/New_York').toISOString()).toBe(
      '2026-03-07T05:00:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 3, 9), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 3, 9), 'Not/AZone').toISOString()).toBe(
      '2026-03-09T00:00:00.000Z',
    );
  });

  it('takes a time the clocks skip as just after the jump, and a repeated one as its first', () => {
    // New York: 02:00 EST became 03:00 EDT on 8 March 2026; 02:00 EDT became 01:00 EST on 1 November.
    expect(instantOfWallTime(wall(2026, 3, 8, 2, 30), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 3, 8, 3, 0), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 11, 1, 1, 30), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(instantOfWallTime(wall(2026, 11, 1, 2, 0), 'America/New_York').toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
  });

  it('reads back what it was given', () => {
    const instant = instantOfWallTime(wall(2025, 9, 28, 17, 45), 'Europe/London');
    expect(wallTimeOf(instant, 'Europe/London')).toEqual(wall(2025, 9, 28, 17, 45));
  });
});
