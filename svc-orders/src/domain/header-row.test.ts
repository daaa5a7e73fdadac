import { describe, expect, it } from 'vitest';
import { findHeaderRow, isReportFooter } from './header-row.js';

describe('findHeaderRow', () => {
  it('takes the first line as the header in a plain file', () => {
    expect(findHeaderRow(['a,b,c', '1,2,3'])).toEqual({
      skippedLines: 0,
      separator: ',',
      certain: true,
    });
  });

  it('skips blank lines, a line of commas, a title and a sep= line before the header', () => {
    expect(findHeaderRow([',,,,', 'Sales Record Number,User Id'])).toMatchObject({
      skippedLines: 1,
      separator: ',',
    });
    expect(
      findHeaderRow(['', 'Orders report generated 2 October 2026', 'sep=;', 'a;b', '1;2']),
    ).toEqual({ skippedLines: 3, separator: ';', certain: true });
    expect(findHeaderRow(['"","",""', 'order-id\tsku'])).toMatchObject({
      skippedLines: 1,
      separator: '\t',
    });
  });

  it('starts a one-column file at its first line, uncertain, and finds nothing in blank lines', () => {
    expect(findHeaderRow(['', 'orderNumber'])).toEqual({
      skippedLines: 1,
      separator: ',',
      certain: false,
    });
    expect(findHeaderRow(['', ' '])).toBeNull();
  });
});

describe('isReportFooter', () => {
  it("knows eBay's closing lines, and nothing else with one cell", () => {
    expect(isReportFooter(['83 record(s) downloaded', '', ''])).toBe(true);
    expect(isReportFooter(['Seller ID : shop-name', ''])).toBe(true);
    expect(isReportFooter(['1041', ''])).toBe(false);
    expect(isReportFooter(['2 records downloaded', 'x'])).toBe(false);
  });
});
