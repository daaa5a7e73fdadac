import { describe, expect, it } from 'vitest';
import { isReportFooter } from './report-footer.js';

describe('isReportFooter', () => {
  it("knows eBay's closing lines, and nothing else with one cell", () => {
    expect(isReportFooter(['83 record(s) downloaded', '', ''])).toBe(true);
    expect(isReportFooter(['Seller ID : shop-name', ''])).toBe(true);
    expect(isReportFooter(['1041', ''])).toBe(false);
    expect(isReportFooter(['2 records downloaded', 'x'])).toBe(false);
  });
});
