import { describe, expect, it } from 'vitest';
import { countryName } from './countries.js';

describe('countryName', () => {
  it('names a two-letter country code, whatever its case and spaces', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName(' de ')).toBe('Germany');
  });

  it('keeps a name, or a code it does not know, as it is', () => {
    expect(countryName('France')).toBe('France');
    expect(countryName('QQ')).toBe('QQ');
  });
});
