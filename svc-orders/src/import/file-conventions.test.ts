import { describe, expect, it } from 'vitest';
import { decideConventions, parseFileDate, parseFileNumber } from './file-conventions.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const noCountry = async () => null;
const country = (code: string) => async () => code;

describe('reading dates and numbers as the whole file writes them', () => {
  it('reads ISO dates, with a space or T, seconds and any zone', () => {
    expect(iso(parseFileDate('2025-03-01', 'dayFirst'))).toBe('2025-03-01T00:00:00.000Z');
    expect(iso(parseFileDate('2025-03-01T10:30:00Z', 'dayFirst'))).toBe('2025-03-01T10:30:00.000Z');
    expect(iso(parseFileDate('2025-04-01 17:18:52 -0700', 'monthFirst'))).toBe(
      '2025-04-02T00:18:52.000Z',
    );
    expect(iso(parseFileDate('2025-04-01 17:18 +01:00', 'monthFirst'))).toBe(
      '2025-04-01T16:18:00.000Z',
    );
  });

  it('reads numeric dates in the order decided, with two-digit years and times', () => {
    expect(iso(parseFileDate('12/31/22', 'monthFirst'))).toBe('2022-12-31T00:00:00.000Z');
    expect(iso(parseFileDate('7/25/2018 21:06', 'monthFirst'))).toBe('2018-07-25T21:06:00.000Z');
    expect(iso(parseFileDate('31/12/2022', 'dayFirst'))).toBe('2022-12-31T00:00:00.000Z');
    expect(iso(parseFileDate('03/04/2025', 'dayFirst'))).toBe('2025-04-03T00:00:00.000Z');
    expect(iso(parseFileDate('03/04/2025', 'monthFirst'))).toBe('2025-03-04T00:00:00.000Z');
    expect(iso(parseFileDate('1/2/2025 3:05 PM', 'monthFirst'))).toBe('2025-01-02T15:05:00.000Z');
    expect(parseFileDate('31/12/2022', 'monthFirst')).toBeNull();
    expect(parseFileDate('2/30/2025', 'monthFirst')).toBeNull();
    expect(parseFileDate('yesterday', 'dayFirst')).toBeNull();
  });

  it('reads numbers with the decimal mark decided', () => {
    expect(parseFileNumber('£1,234.50', false)).toBe(1234.5);
    expect(parseFileNumber('$ 12', false)).toBe(12);
    expect(parseFileNumber('1.234,50', true)).toBe(1234.5);
    expect(parseFileNumber('5,50 EUR', true)).toBe(5.5);
    expect(parseFileNumber('two', false)).toBeNull();
  });

  it('takes the date order a date shows, whatever the country', async () => {
    const ask = () => Promise.reject(new Error('not asked when the file decides'));
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
