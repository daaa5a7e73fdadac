import { describe, expect, it } from 'vitest';
import { currencyCode, currencyCodeOf } from './currency.js';

describe('currencyCodeOf', () => {
  it('reads a code in any case and with padding as the upper-case ISO 4217 code', () => {
    expect(currencyCodeOf('USD')).toBe('USD');
    expect(currencyCodeOf(' gbp ')).toBe('GBP');
    expect(currencyCodeOf('Eur')).toBe('EUR');
  });

  it('gives null for a symbol, an unknown code, an empty cell or a non-text value', () => {
    for (const raw of ['$', '£', 'US$', 'ZZZ', 'DOLLARS', '', '   ', null, undefined, 12]) {
      expect(currencyCodeOf(raw)).toBeNull();
    }
  });
});

describe('currencyCode', () => {
  it('accepts an upper-case code and refuses a lower-case or unknown one', () => {
    expect(currencyCode.safeParse('USD').success).toBe(true);
    expect(currencyCode.safeParse('usd').success).toBe(false);
    expect(currencyCode.safeParse('ZZZ').success).toBe(false);
  });
});
