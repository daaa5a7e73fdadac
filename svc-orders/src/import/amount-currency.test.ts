import { describe, expect, it } from 'vitest';
import { currencyOfAmount } from './amount-currency.js';

describe('currencyOfAmount', () => {
  it.each([
    ['£12.50', 'GBP'],
    ['-£3.20', 'GBP'],
    ['US $12.50', 'USD'],
    ['US$1,234.00', 'USD'],
    ['12,50 €', 'EUR'],
    ['30,00€', 'EUR'],
    ['€ 1.234,50', 'EUR'],
    ['AU $9.99', 'AUD'],
    ['A$9.99', 'AUD'],
    ['C $5.00', 'CAD'],
    ['CA$5.00', 'CAD'],
    ['MX$245.00', 'MXN'],
    ['1 234,50 zł', 'PLN'],
    ['GBP 12.50', 'GBP'],
    ['12.50 eur', 'EUR'],
    ['(£4.00)', 'GBP'],
  ])('reads %j as %s wherever it is written', (amount, currency) => {
    expect(currencyOfAmount(amount)).toEqual({ currency });
    expect(currencyOfAmount(amount, 'JP')).toEqual({ currency });
  });

  it("decides a bare '$' by the country, where that country writes it for its own money", () => {
    expect(currencyOfAmount('$12.50', 'US')).toEqual({ currency: 'USD' });
    expect(currencyOfAmount('$12.50', 'ca')).toEqual({ currency: 'CAD' });
    expect(currencyOfAmount('$12.50', 'AU')).toEqual({ currency: 'AUD' });
    expect(currencyOfAmount('¥1200', 'JP')).toEqual({ currency: 'JPY' });
    expect(currencyOfAmount('129,00 kr', 'SE')).toEqual({ currency: 'SEK' });
  });

  it("leaves a bare '$' unknown without a country that writes it, and says it is ambiguous", () => {
    expect(currencyOfAmount('$12.50')).toEqual({ currency: null, ambiguous: '$' });
    expect(currencyOfAmount('$12.50', 'GB')).toEqual({ currency: null, ambiguous: '$' });
    expect(currencyOfAmount('$12.50', null)).toEqual({ currency: null, ambiguous: '$' });
    expect(currencyOfAmount('¥1200')).toEqual({ currency: null, ambiguous: '¥' });
  });

  it('says nothing of an amount without a symbol or code, or with an unknown one', () => {
    expect(currencyOfAmount('12.50')).toEqual({ currency: null });
    expect(currencyOfAmount('')).toEqual({ currency: null });
    expect(currencyOfAmount('12.50 XYZ')).toEqual({ currency: null });
    expect(currencyOfAmount('about 12')).toEqual({ currency: null });
  });
});
