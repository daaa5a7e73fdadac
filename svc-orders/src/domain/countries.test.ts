import { describe, expect, it } from 'vitest';
import { countryCodesMatching, countryNameOf } from './countries.js';

describe('country names', () => {
  it('names a two-letter code in any case', () => {
    expect(countryNameOf('GB')).toBe('United Kingdom');
    expect(countryNameOf('us')).toBe('United States of America');
    expect(countryNameOf(' de ')).toBe('Germany');
  });

  it('names every ISO 3166-1 code, not a hand-picked few', () => {
    for (const code of ['AX', 'BQ', 'CW', 'SS', 'TL', 'ZW', 'AQ', 'VA']) {
      expect(countryNameOf(code)).not.toBe(code);
    }
  });

  it('passes unknown values and names through unchanged', () => {
    expect(countryNameOf('XX')).toBe('XX');
    expect(countryNameOf('England')).toBe('England');
    expect(countryNameOf('')).toBe('');
    expect(countryNameOf(null)).toBeNull();
  });
});

describe('country filter', () => {
  it('takes a two-letter text as the code only', () => {
    expect(countryCodesMatching('gb')).toEqual(['GB']);
    expect(countryCodesMatching('US')).toEqual(['US']);
  });

  it('finds every country whose name contains the text', () => {
    const codes = countryCodesMatching('united');
    expect(codes).toEqual(expect.arrayContaining(['GB', 'US', 'AE']));
    expect(codes).not.toContain('FR');
  });

  it('matches the aliases of a name', () => {
    expect(countryCodesMatching('britain')).toEqual(['GB']);
    expect(countryCodesMatching('usa')).toEqual(['US']);
  });

  it('matches nothing for blank text or a text no country has', () => {
    expect(countryCodesMatching('  ')).toEqual([]);
    expect(countryCodesMatching('atlantis')).toEqual([]);
  });
});
