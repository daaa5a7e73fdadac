import { describe, expect, it } from 'vitest';
import {
  dateDisplayIn,
  formatDate,
  formatDay,
  formatTime,
  timeAgo,
  type DateDisplay,
} from './date-format.js';

const afternoon = '2026-11-28T14:05:09Z';
// 23:30 in London on Nov 28 is already 08:30 on Nov 29 in Tokyo.
const lateEvening = '2026-11-28T23:30:00Z';
const london = dateDisplayIn('Europe/London');
const tokyo = dateDisplayIn('Asia/Tokyo');
const britishLondon: DateDisplay = { locale: 'en-GB', timeZone: 'Europe/London' };

describe('formatTime', () => {
  it('writes the date, the date and time, and the exact time with the zone, en-US', () => {
    expect(formatTime(afternoon, 'date', london)).toBe('Nov 28, 2026');
    expect(formatTime(afternoon, 'dateTime', london)).toBe('Nov 28, 2026, 2:05 PM');
    expect(formatTime(afternoon, 'exact', london)).toBe('Nov 28, 2026, 2:05:09 PM GMT');
  });

  it('counts the time in the zone it is given', () => {
    expect(formatTime(afternoon, 'dateTime', tokyo)).toBe('Nov 28, 2026, 11:05 PM');
    expect(formatTime(afternoon, 'exact', tokyo)).toBe('Nov 28, 2026, 11:05:09 PM GMT+9');
    expect(formatTime('2026-07-01T09:00:00Z', 'exact', london)).toBe(
      'Jul 1, 2026, 10:00:00 AM GMT+1',
    );
  });

  it('puts a moment near midnight on the day of the zone it is read in', () => {
    expect(formatTime(lateEvening, 'date', london)).toBe('Nov 28, 2026');
    expect(formatTime(lateEvening, 'date', tokyo)).toBe('Nov 29, 2026');
    expect(formatTime(lateEvening, 'dateTime', tokyo)).toBe('Nov 29, 2026, 8:30 AM');
  });

  it('writes the same forms in another locale when one is given', () => {
    expect(formatTime(afternoon, 'date', britishLondon)).toBe('28 Nov 2026');
    expect(formatTime(afternoon, 'dateTime', britishLondon)).toBe('28 Nov 2026, 14:05');
    expect(formatTime(afternoon, 'exact', britishLondon)).toBe('28 Nov 2026, 14:05:09 GMT');
  });

  it('shows a dash for no date or an unreadable one, or what the screen asks for', () => {
    expect(formatTime(null, 'date', london)).toBe('—');
    expect(formatTime('not a date', 'dateTime', london)).toBe('—');
    expect(formatTime(undefined, 'exact', london, '')).toBe('');
  });
});

describe('dateDisplayIn', () => {
  it("writes en-US in the seller's zone, and in the browser's when there is none it knows", () => {
    const browser = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(dateDisplayIn('Asia/Tokyo')).toEqual({ locale: 'en-US', timeZone: 'Asia/Tokyo' });
    expect(dateDisplayIn(null)).toEqual({ locale: 'en-US', timeZone: browser });
    expect(dateDisplayIn('Mars/Olympus_Mons')).toEqual({ locale: 'en-US', timeZone: browser });
  });
});

describe('formatDate', () => {
  it("writes the date alone, in the browser's zone unless told another", () => {
    // Noon UTC: the same calendar day in every zone the tests may run in.
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatDate(lateEvening, '—', tokyo)).toBe('Nov 29, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('', '')).toBe('');
  });
});

describe('formatDay', () => {
  it('writes a calendar day in the date form, never shifted by a zone', () => {
    expect(formatDay('2026-12-02')).toBe('Wed, Dec 2, 2026');
    expect(formatDay('2026-12-02', 'date')).toBe('Dec 2, 2026');
    expect(formatDay('2026-12-02', 'monthDay')).toBe('Dec 2');
    expect(formatDay('soon')).toBe('—');
    expect(formatDay('2026-13-45', 'date', '')).toBe('');
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
});
