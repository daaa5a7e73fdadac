import { describe, expect, it } from 'vitest';
import { latestDigestTime, zonedInstant } from './digest-time.js';

describe('the daily digest time', () => {
  it('is 08:00 on the seller’s clock, not the server’s', () => {
    expect(zonedInstant('2026-03-02', 8, 'Asia/Tokyo').toISOString()).toBe(
      '2026-03-01T23:00:00.000Z',
    );
    expect(zonedInstant('2026-03-02', 8, 'America/New_York').toISOString()).toBe(
      '2026-03-02T13:00:00.000Z',
    );
    expect(zonedInstant('2026-03-02', 8, 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-02T02:30:00.000Z',
    );
  });

  it('is yesterday’s morning until 08:00 comes, today’s from then on', () => {
    const zone = 'Europe/London';
    expect(latestDigestTime(new Date('2026-01-15T07:59:59.999Z'), zone)).toEqual({
      at: new Date('2026-01-14T08:00:00.000Z'),
      localDate: '2026-01-14',
    });
    expect(latestDigestTime(new Date('2026-01-15T08:00:00.000Z'), zone)).toEqual({
      at: new Date('2026-01-15T08:00:00.000Z'),
      localDate: '2026-01-15',
    });
    // 23:30 UTC is already the next morning's 08:30 in Tokyo.
    expect(latestDigestTime(new Date('2026-01-15T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      at: new Date('2026-01-15T23:00:00.000Z'),
      localDate: '2026-01-16',
    });
  });

  it('follows summer time: 08:00 stays 08:00 on the local clock across the change', () => {
    // London moves to BST on Sunday 29 March 2026.
    expect(latestDigestTime(new Date('2026-03-28T12:00:00Z'), 'Europe/London').at).toEqual(
      new Date('2026-03-28T08:00:00Z'),
    );
    expect(latestDigestTime(new Date('2026-03-29T12:00:00Z'), 'Europe/London').at).toEqual(
      new Date('2026-03-29T07:00:00Z'),
    );
    // New York moves back on Sunday 1 November 2026.
    expect(latestDigestTime(new Date('2026-11-01T20:00:00Z'), 'America/New_York').at).toEqual(
      new Date('2026-11-01T13:00:00Z'),
    );
  });

  it('crosses months and years', () => {
    expect(latestDigestTime(new Date('2027-01-01T05:00:00Z'), 'Europe/London')).toEqual({
      at: new Date('2026-12-31T08:00:00Z'),
      localDate: '2026-12-31',
    });
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(latestDigestTime(new Date('2026-05-05T09:00:00Z'), 'Not/AZone').at).toEqual(
      new Date('2026-05-05T08:00:00Z'),
    );
  });
});
