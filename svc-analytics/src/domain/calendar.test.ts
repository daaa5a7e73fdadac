import { describe, expect, it } from 'vitest';
import { addDays, calendarOf, weekdayOf } from './calendar.js';

describe('the analytics calendar (Europe/London)', () => {
  const london = calendarOf('Europe/London');

  it('counts winter hours as UTC and summer hours one later', () => {
    expect(london.localTime(new Date('2026-01-15T23:30:00Z'))).toEqual({
      day: '2026-01-15',
      hour: 23,
    });
    expect(london.localTime(new Date('2026-07-15T23:30:00Z'))).toEqual({
      day: '2026-07-16',
      hour: 0,
    });
  });

  it('changes offset at 01:00 UTC on the last Sundays of March and October', () => {
    expect(london.localTime(new Date('2026-03-29T00:59:00Z')).hour).toBe(0);
    expect(london.localTime(new Date('2026-03-29T01:00:00Z')).hour).toBe(2);
    expect(london.localTime(new Date('2026-10-25T00:30:00Z')).hour).toBe(1);
    expect(london.localTime(new Date('2026-10-25T01:30:00Z')).hour).toBe(1);
  });

  it('steps over month and year ends and knows the weekday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-25')).toBe(3);
  });
});
