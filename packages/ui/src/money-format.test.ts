import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyShort, missingAmount } from './money-format.js';

describe('formatMoney', () => {
  it('writes an amount in its own currency, en-US', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(12, 'EUR')).toBe('€12.00');
    expect(formatMoney(5, 'CAD')).toBe('CA$5.00');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(-12, 'usd')).toBe('-$12.00');
  });

  it('writes a plain number, with no symbol at all, when the currency is unknown', () => {
    expect(formatMoney(5771, null)).toBe('5,771.00');
    expect(formatMoney(5771, undefined)).toBe('5,771.00');
    expect(formatMoney(5771, '£')).toBe('5,771.00');
  });

  it('shows a dash for a missing amount', () => {
    expect(formatMoney(null, 'USD')).toBe(missingAmount);
    expect(formatMoney(undefined, null)).toBe(missingAmount);
  });
});

describe('formatMoneyShort', () => {
  it('shortens large amounts for a chart scale, in the currency', () => {
    expect(formatMoneyShort(1250, 'USD')).toBe('$1.3K');
    expect(formatMoneyShort(950, 'GBP')).toBe('£950');
    expect(formatMoneyShort(12.5, null)).toBe('12.5');
  });
});
