import { describe, expect, it } from 'vitest';
import { countryName, countryNames } from './countries.js';

describe('countryName', () => {
  it('names a two-letter code in any case, with the short names people use', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName(' de ')).toBe('Germany');
    expect(countryName('cz')).toBe('Czechia');
  });

  it('names every ISO 3166-1 code in the table by a name, never the code', () => {
    const codes = Object.keys(countryNames);
    expect(codes.length).toBeGreaterThanOrEqual(249);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code)).not.toBe(code);
    }
  });

  it('passes a name or an unknown code through as it is', () => {
    expect(countryName('France')).toBe('France');
    expect(countryName('QQ')).toBe('QQ');
    expect(countryName('')).toBe('');
  });
});
