import { describe, expect, it } from 'vitest';
import {
  MAX_LOOKED_UP_GRAMS,
  searchFieldsOf,
  searchGramsOf,
  searchedGramsOf,
} from './search-terms-grams.js';
import { searchPatternOf, searchTextOf, type SearchableEntry } from './search-terms.js';

/** Whether the index gives an entry holding these keys as a candidate (`$all` of the term's). */
const isCandidate = (keys: Set<string>, term: string) =>
  searchedGramsOf(term)?.every((key) => keys.has(key)) ?? false;

/** Deterministic pseudo-random numbers (a linear congruential generator), so a failure repeats. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** Letters, digits, separators, an accented letter and letters outside the BMP (surrogate pairs). */
const ALPHABET = ['a', 'b', 'o', 'l', '1', '0', ' ', '-', '#', '@', '.', 'é', '𝒜', '😀'];

describe('searchGramsOf', () => {
  it('holds every run of three characters of each value, and one or two where words start', () => {
    expect(searchGramsOf(['ada lovelace']).sort()).toEqual(
      [
        ...['ada', 'da ', 'a l', ' lo', 'lov', 'ove', 'vel', 'ela', 'lac', 'ace'],
        ...['a', 'ad', 'l', 'lo'],
      ].sort(),
    );
    expect(searchGramsOf(['#3003'])).toEqual(['#30', '300', '003', '#', '#3', '3', '30']);
  });

  it('never holds a run across two values, and each key once', () => {
    const keys = searchGramsOf(['ab', 'cd', 'abc']);
    expect(keys).not.toContain('bcd');
    expect(keys).not.toContain('b\u0001c');
    expect(keys.filter((key) => key === 'a')).toHaveLength(1);
  });

  it('counts characters, not UTF-16 units, and never splits a surrogate pair', () => {
    expect(searchGramsOf(['𝒜😀b'])).toEqual(['𝒜😀b', '𝒜', '𝒜😀', 'b']);
  });
});

describe('searchFieldsOf', () => {
  it('stores the search text and the keys of the same values', () => {
    const entry = { orderNumber: '#3003', firstName: 'Alan', items: 'Poster A2' };
    expect(searchFieldsOf(entry)).toEqual({
      searchText: searchTextOf(entry),
      searchGrams: searchGramsOf(['#3003', 'alan', 'poster a2']),
    });
  });
});

describe('searchedGramsOf', () => {
  it('looks a short term up by itself and a longer one by grams that cover it, its end among them', () => {
    expect(searchedGramsOf('Lo')).toEqual(['lo']);
    expect(searchedGramsOf('buyer42')).toEqual(['buy', 'er4', 'r42']);
    expect(searchedGramsOf('1002')).toEqual(['100', '002']);
    expect(searchedGramsOf('abc')).toEqual(['abc']);
    expect(searchedGramsOf(' \u0001 ')).toBeNull();
  });

  it(`looks a long term up by at most ${MAX_LOOKED_UP_GRAMS} grams`, () => {
    const grams = searchedGramsOf('hand-thrown stoneware teapot, celadon glaze')!;
    expect(grams).toHaveLength(MAX_LOOKED_UP_GRAMS);
    expect(grams.at(-1)).toBe('aze');
  });
});

describe('the search index with the pattern', () => {
  it('gives every entry the pattern matches as a candidate, and for a short term only those', () => {
    const random = randomFrom(41);
    const word = () =>
      Array.from({ length: 1 + random(7) }, () => ALPHABET[random(ALPHABET.length)]).join('');
    let checked = 0;
    for (let trial = 0; trial < 300; trial += 1) {
      const entry: SearchableEntry = {
        orderNumber: word(),
        firstName: word(),
        lastName: word(),
        items: `${word()} ${word()}; ${word()}`,
      };
      const { searchText: text, searchGrams } = searchFieldsOf(entry);
      const keys = new Set(searchGrams);
      const characters = [...text];
      for (let at = 0; at < characters.length; at += 1) {
        for (let length = 1; length <= 5 && at + length <= characters.length; length += 1) {
          const term = characters.slice(at, at + length).join('');
          const pattern = searchPatternOf(term);
          if (!pattern) continue;
          checked += 1;
          const matches = pattern.test(text);
          if (matches) expect(isCandidate(keys, term), term).toBe(true);
          if (length < 3) expect(isCandidate(keys, term), term).toBe(matches);
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});
