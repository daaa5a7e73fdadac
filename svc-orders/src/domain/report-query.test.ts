import { describe, expect, it } from 'vitest';
import { reportQueryOf, reportSortOf, type ReportFilters } from './report-query.js';

const filters = (given: Partial<ReportFilters>): ReportFilters => ({
  sortBy: 'createdAt',
  sortDir: 'desc',
  ...given,
});

const matches = (pattern: unknown, value: string) => {
  const { $regex, $options } = pattern as { $regex: string; $options: string };
  return new RegExp($regex, $options).test(value);
};

describe('report query', () => {
  it('asks for nothing when no filter is given', () => {
    expect(reportQueryOf(filters({}))).toEqual({});
    expect(reportQueryOf(filters({ status: 'all', email: '', createdFrom: '' }))).toEqual({});
  });

  it('matches order numbers by prefix, with or without a leading #', () => {
    const { orderNumber } = reportQueryOf(filters({ orderNumber: '#10' }));
    expect(['10', '#100', '1042', 'bc-10'].map((value) => matches(orderNumber, value))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('takes every text literally', () => {
    const { email, trackingNumber } = reportQueryOf(filters({ email: 'a.b+c@', q: '(1)*' }));
    expect(matches(email, 'A.B+C@example.com')).toBe(true);
    expect(matches(email, 'axb+c@example.com')).toBe(false);
    expect(matches(trackingNumber, 'RN(1)*GB')).toBe(true);
    expect(matches(trackingNumber, 'RN11GB')).toBe(false);
  });

  it('looks for items in the Items text and the product name', () => {
    expect(reportQueryOf(filters({ itemsContains: 'mug' })).$or).toEqual([
      { items: { $regex: 'mug', $options: 'i' } },
      { productName: { $regex: 'mug', $options: 'i' } },
    ]);
  });

  it('finds a country by its code and by its name, and a stored name by its text', () => {
    const byName = reportQueryOf(filters({ shippingCountryContains: 'united' })).shippingCountry;
    expect(['GB', 'us', 'United Kingdom', 'FR', 'GBR'].map((v) => matches(byName, v))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const byCode = reportQueryOf(filters({ shippingCountryContains: 'us' })).shippingCountry;
    expect(
      ['US', 'United States of America', 'RU', 'Russia'].map((v) => matches(byCode, v)),
    ).toEqual([true, true, false, false]);
  });

  it('includes the whole of the last day when createdTo is a date', () => {
    expect(
      reportQueryOf(filters({ createdFrom: '2026-03-01', createdTo: '2026-03-02' })).createdAt,
    ).toEqual({ $gte: new Date('2026-03-01T00:00:00Z'), $lt: new Date('2026-03-03T00:00:00Z') });
  });

  it('takes a date with a time as that instant', () => {
    expect(reportQueryOf(filters({ createdTo: '2026-03-02T10:30:00Z' })).createdAt).toEqual({
      $lte: new Date('2026-03-02T10:30:00Z'),
    });
  });

  it('filters one status, and any for all', () => {
    expect(reportQueryOf(filters({ status: 'shipped' }))).toEqual({ status: 'shipped' });
  });
});

describe('report sort', () => {
  it('sorts by the stored field with the id as tie-breaker in the same direction', () => {
    expect(reportSortOf('customerLastName', 'asc')).toEqual({ lastName: 1, _id: 1 });
    expect(reportSortOf('createdAt', 'desc')).toEqual({ createdAt: -1, _id: -1 });
    expect(reportSortOf('customerEmail', 'desc')).toEqual({ email: -1, _id: -1 });
  });
});
