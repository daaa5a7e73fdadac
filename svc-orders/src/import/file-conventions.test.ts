import { describe, expect, it } from 'vitest';
import { decideConventions, parseFileDate, parseFileNumber } from './file-conventions.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;
/** A file read as UTC (the zone is the next test's business). */
const utc = (dateOrder: 'dayFirst' | 'monthFirst') => ({ dateOrder, timeZone: 'UTC' });
const seller = (country: string | null, timeZone: string | null = null) => ({
  country: async () => country,
  timeZone: async () => timeZone,
});
const noCountry = seller(null);
const country = (code: string) => seller(code);

describe('reading dates and numbers as the whole file writes them', () => {
  it('reads ISO dates, with a space or T, seconds and any zone', () => {
    expect(iso(parseFileDate('2025-03-01', utc('dayFirst')))).toBe('2025-03-01T00:00:00.000Z');
    expect(iso(parseFileDate('2025-03-01T10:30:00Z', utc('dayFirst')))).toBe(
      '2025-03-01T10:30:00.000Z',
    );
    expect(iso(parseFileDate('2025-04-01 17:18:52 -0700', utc('monthFirst')))).toBe(
      '2025-04-02T00:18:52.000Z',
    );
    expect(iso(parseFileDate('2025-04-01 17:18 +01:00', utc('monthFirst')))).toBe(
      '2025-04-01T16:18:00.000Z',
    );
  });

  it('reads numeric dates in the order decided, with two-digit years and times', () => {
    expect(iso(parseFileDate('12/31/22', utc('monthFirst')))).toBe('2022-12-31T00:00:00.000Z');
    expect(iso(parseFileDate('7/25/2018 21:06', utc('monthFirst')))).toBe(
      '2018-07-25T21:06:00.000Z',
    );
    expect(iso(parseFileDate('31/12/2022', utc('dayFirst')))).toBe('2022-12-31T00:00:00.000Z');
    expect(iso(parseFileDate('03/04/2025', utc('dayFirst')))).toBe('2025-04-03T00:00:00.000Z');
    expect(iso(parseFileDate('03/04/2025', utc('monthFirst')))).toBe('2025-03-04T00:00:00.000Z');
    expect(iso(parseFileDate('1/2/2025 3:05 PM', utc('monthFirst')))).toBe(
      '2025-01-02T15:05:00.000Z',
    );
    expect(parseFileDate('31/12/2022', utc('monthFirst'))).toBeNull();
    expect(parseFileDate('2/30/2025', utc('monthFirst'))).toBeNull();
    expect(parseFileDate('yesterday', utc('dayFirst'))).toBeNull();
  });

  it("reads a date or time without a zone on the seller's clock, and one with a zone as written", () => {
    const newYork = { dateOrder: 'monthFirst', timeZone: 'America/New_York' } as const;
    // 5 January in New York begins at 05:00 UTC; read as UTC it was shown as 4 January there.
    expect(iso(parseFileDate('2025-01-05', newYork))).toBe('2025-01-05T05:00:00.000Z');
    expect(iso(parseFileDate('1/5/25', newYork))).toBe('2025-01-05T05:00:00.000Z');
    expect(iso(parseFileDate('7/25/2018 21:06', newYork))).toBe('2018-07-26T01:06:00.000Z');
    expect(iso(parseFileDate('Jan 5, 2025', newYork))).toBe('2025-01-05T05:00:00.000Z');
    expect(iso(parseFileDate('2025-04-01 17:18 +01:00', newYork))).toBe('2025-04-01T16:18:00.000Z');
    expect(iso(parseFileDate('2025-03-01T10:30:00Z', newYork))).toBe('2025-03-01T10:30:00.000Z');
    expect(iso(parseFileDate('Mar 1, 2025 10:30 PST', newYork))).toBe('2025-03-01T18:30:00.000Z');
  });

  it("asks the seller's time zone of a file with dates, and reads one without dates as UTC", async () => {
    const samples = { dates: ['2025-01-05'], amounts: [] };
    expect((await decideConventions(samples, seller('US', 'America/New_York'))).timeZone).toBe(
      'America/New_York',
    );
    // svc-auth did not answer: as before, UTC.
    expect((await decideConventions(samples, seller('US', null))).timeZone).toBe('UTC');
    const never = {
      country: async () => 'US',
      timeZone: () => Promise.reject(new Error('not asked without dates')),
    };
    expect((await decideConventions({ dates: [], amounts: ['5.50'] }, never)).timeZone).toBe('UTC');
  });

  it('reads numbers with the decimal mark decided', () => {
    expect(parseFileNumber('£1,234.50', false)).toBe(1234.5);
    expect(parseFileNumber('$ 12', false)).toBe(12);
    expect(parseFileNumber('1.234,50', true)).toBe(1234.5);
    expect(parseFileNumber('5,50 EUR', true)).toBe(5.5);
    expect(parseFileNumber('two', false)).toBeNull();
  });

  it('takes the date order a date shows, whatever the country', async () => {
    const ask = {
      country: () => Promise.reject(new Error('not asked when the file decides')),
      timeZone: async () => null,
    };
    expect(
      await decideConventions({ dates: ['03/04/2025', '25/04/2025'], amounts: [] }, ask),
    ).toMatchObject({ dateOrder: 'dayFirst', note: null });
    expect(await decideConventions({ dates: ['12/31/22'], amounts: [] }, ask)).toMatchObject({
      dateOrder: 'monthFirst',
      note: null,
    });
  });

  it("reads an ambiguous file by the seller's country, and says so", async () => {
    const samples = { dates: ['03/04/2025', '01/02/2025'], amounts: [] };
    const british = await decideConventions(samples, country('GB'));
    expect(british.dateOrder).toBe('dayFirst');
    expect(british.note).toContain('day first (3 April), as is usual in GB');
    expect((await decideConventions(samples, country('US'))).dateOrder).toBe('monthFirst');
    const unknown = await decideConventions(samples, noCountry);
    expect(unknown.dateOrder).toBe('monthFirst');
    expect(unknown.note).toContain('set your country in account settings');
  });

  it('uses a decimal comma only when no amount shows a decimal point', async () => {
    const decide = (amounts: string[]) => decideConventions({ dates: [], amounts }, noCountry);
    expect((await decide(['5,50', '1.234,50'])).decimalComma).toBe(true);
    expect((await decide(['5,50', '12.99'])).decimalComma).toBe(false);
    expect((await decide(['1,234.50'])).decimalComma).toBe(false);
  });
});
