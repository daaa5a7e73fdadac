import { describe, expect, it } from 'vitest';
import { currencyFromParam, itemLimitFromParam, rangeFromParam } from './analytics-params.js';

describe('the choices kept in the address', () => {
  it('reads the ranges the service accepts and falls back to 30 days', () => {
    expect(rangeFromParam('90')).toBe(90);
    expect(rangeFromParam(null)).toBe(30);
    expect(rangeFromParam('14')).toBe(30);
    expect(rangeFromParam('7.0')).toBe(30);
  });

  it('reads the popular item counts the service accepts and falls back to 10', () => {
    expect(itemLimitFromParam('20')).toBe(20);
    expect(itemLimitFromParam(null)).toBe(10);
    expect(itemLimitFromParam('all')).toBe(10);
  });

  it("reads a currency code or 'none', and leaves anything else to the seller's main currency", () => {
    expect(currencyFromParam('usd')).toBe('USD');
    expect(currencyFromParam('none')).toBe('none');
    expect(currencyFromParam('£')).toBeUndefined();
    expect(currencyFromParam(null)).toBeUndefined();
  });
});
