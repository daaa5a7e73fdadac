import { describe, expect, it } from 'vitest';
import { dateCell, formatDate, formatDateTime, timeAgo, timeAgoCell } from './date-format.js';

// Local time: the formatters write in the browser's zone, so expectations are built from the
// same instant rather than assuming the test machine's zone.
const noon = '2026-01-05T12:00:00Z';

describe('formatDate and formatDateTime', () => {
  it('write dates the en-US way, with the time when asked', () => {
    expect(formatDate(noon)).toBe('1/5/2026');
    expect(formatDateTime(noon)).toMatch(/^1\/5\/2026, \d{1,2}:00:00 [AP]M$/);
  });

  it('show a dash for no date or an unreadable one, or what the screen asks for', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDate('', '')).toBe('');
    expect(formatDateTime('nope', '')).toBe('');
  });
});

describe('dateCell', () => {
  it('gives the date, and the exact time for its hover', () => {
    expect(dateCell(noon)).toEqual({ date: formatDate(noon), exact: formatDateTime(noon) });
    expect(dateCell(null)).toEqual({ date: '—' });
    expect(dateCell('garbage')).toEqual({ date: '—' });
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says Just now under a minute, and for a time slightly ahead of the clock', () => {
    expect(timeAgo(before(59_000), now)).toBe('Just now');
    expect(timeAgo(before(-5_000), now)).toBe('Just now');
  });

  it('counts minutes, hours and days, singular and plural', () => {
    expect(timeAgo(before(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(before(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgo(before(3_600_000), now)).toBe('1 hour ago');
    expect(timeAgo(before(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(timeAgo(before(86_400_000), now)).toBe('1 day ago');
    expect(timeAgo(before(45 * 86_400_000), now)).toBe('45 days ago');
  });

  it('gives nothing for a time it cannot read', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });

  it('keeps the exact time for the hover of a relative cell', () => {
    const sent = before(3 * 3_600_000);
    expect(timeAgoCell(sent, now)).toEqual({ date: '3 hours ago', exact: formatDateTime(sent) });
    expect(timeAgoCell(null, now)).toEqual({ date: '—' });
  });
});
