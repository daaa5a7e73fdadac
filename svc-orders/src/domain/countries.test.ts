import { describe, expect, it } from 'vitest';
import { countryName } from '@onvelope/contracts';
import { countryCodeOf, countryCodesMatching, countryNameOf, countryNamesOf } from './countries.js';

describe('country names', () => {
  it('names a two-letter code in any case, as the screens name it', () => {
    expect(countryNameOf('GB')).toBe('United Kingdom');
    expect(countryNameOf('us')).toBe('United States');
    expect(countryNameOf('us')).toBe(countryName('US'));
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

describe('names a country goes by', () => {
  it('knows the shown name and the official names and aliases of a code', () => {
    expect(countryNamesOf('us')).toEqual(
      expect.arrayContaining(['united states', 'united states of america', 'usa']),
    );
    expect(countryNamesOf('XX')).toEqual([]);
  });

  it('reads a code from the shown name or an alias', () => {
    expect(countryCodeOf('United States')).toBe('US');
    expect(countryCodeOf('United States of America')).toBe('US');
    expect(countryCodeOf('Czechia')).toBe('CZ');
    expect(countryCodeOf('Czech Republic')).toBe('CZ');
    expect(countryCodeOf('Atlantis')).toBeNull();
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
