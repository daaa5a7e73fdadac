import { describe, expect, it } from 'vitest';
import {
  MAX_VALUE_LENGTH,
  searchPatternOf,
  searchTextOf,
  searchableValuesOf,
  type SearchableEntry,
} from './search-terms.js';

/** Whether search finds the entry by the term, as the database would answer the lookup. */
const finds = (entry: SearchableEntry, term: string) =>
  searchPatternOf(term)?.test(searchTextOf(entry)) ?? false;

const ada: SearchableEntry = {
  orderNumber: 'E2E-1002',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  postcode: 'SW1A 1AA',
  trackingNumber: 'RM123456789GB',
  items: '2 x Tote Bag; Blue  mug',
};

describe('searchableValuesOf', () => {
  it('reads the names of the line items, from the Items text or the store-front lines', () => {
    expect(searchableValuesOf(ada)).toEqual([
      'e2e-1002',
      'ada',
      'lovelace',
      'ada lovelace',
      'ada@example.com',
      'sw1a 1aa',
      'sw1a1aa',
      'rm123456789gb',
      'tote bag',
      'blue mug',
    ]);
    const synced = {
      orderNumber: '7',
      items: 'ignored when lines are given',
      lineItems: [
        { name: 'Poster', option: 'A2', productId: null, imageUrl: null, quantity: 1, price: 5 },
      ],
    };
    expect(searchableValuesOf(synced)).toEqual(['7', 'poster']);
  });

  it("reads a store-front order's shipping zip as its postcode when it has no postcode", () => {
    expect(searchableValuesOf({ orderNumber: '7', shippingZip: 'SW1A 1AA' })).toEqual([
      '7',
      'sw1a 1aa',
      'sw1a1aa',
    ]);
  });

  it('stores the values as one text, parted by a character no value holds', () => {
    expect(searchTextOf({ orderNumber: 'A\u0001B', firstName: 'Ada', email: 'X' })).toBe(
      'a b\u0001ada\u0001x',
    );
  });

  it(`searches the first ${MAX_VALUE_LENGTH} characters of a value`, () => {
    const entry = { orderNumber: '1', items: `${'a'.repeat(MAX_VALUE_LENGTH)}zzz` };
    expect(searchableValuesOf(entry)).toEqual(['1', 'a'.repeat(MAX_VALUE_LENGTH)]);
  });

  it('counts those characters as code points, never splitting a surrogate pair', () => {
    const smiles = '\u{1F600}'.repeat(MAX_VALUE_LENGTH + 5);
    expect(searchableValuesOf({ orderNumber: '1', items: smiles })[1]).toBe(
      '\u{1F600}'.repeat(MAX_VALUE_LENGTH),
    );
    const pairAtTheCut = `${'a'.repeat(MAX_VALUE_LENGTH - 1)}\u{1F600}zzz`;
    expect(searchableValuesOf({ orderNumber: '1', items: pairAtTheCut })[1]).toBe(
      `${'a'.repeat(MAX_VALUE_LENGTH - 1)}\u{1F600}`,
    );
    // A lone surrogate counts as one character, as iterating the string counts it.
    const lone = `${'a'.repeat(MAX_VALUE_LENGTH - 1)}\uD83Dzzz`;
    expect(searchableValuesOf({ orderNumber: '1', items: lone })[1]).toBe(
      `${'a'.repeat(MAX_VALUE_LENGTH - 1)}\uD83D`,
    );
  });
});

describe('searchTextOf with searchPatternOf', () => {
  it.each([
    ['1002', true],
    ['2e-10', true],
    ['VELACE', true],
    ['a lov', true],
    ['xample.c', true],
    ['1a 1a', true],
    ['a1aa', true],
    ['456789', true],
    ['bag', true],
    ['blue mug', true],
    ['lue  MUG', true],
    ['10', true],
    ['e', true],
    ['lo', true],
    ['#1', false],
    ['00', false],
    ['ov', false],
    ['e2e-1003', false],
    ['lovelace ada', false],
  ])('finds by %j: %s', (term, expected) => {
    expect(finds(ada, term)).toBe(expected);
  });

  it('finds a long term only where all of it occurs in one value', () => {
    const long = 'Hand-thrown stoneware teapot, celadon glaze';
    const entry = { orderNumber: '9', firstName: 'Hand', items: long };
    expect(finds(entry, long)).toBe(true);
    expect(finds(entry, `${long.slice(0, 36)} gloss`)).toBe(false);
    expect(finds({ ...ada, firstName: 'Ada Ada' }, 'ada ada lov')).toBe(true);
    expect(finds(ada, 'e2e-1002 ada')).toBe(false);
    expect(finds(ada, 'lovelace ada')).toBe(false);
  });

  it('finds a short term at the start of a value whatever its first character', () => {
    expect(finds({ orderNumber: '#3003' }, '#3')).toBe(true);
    expect(finds({ orderNumber: 'x', items: '#3003' }, '#3')).toBe(true);
    expect(finds({ orderNumber: 'a#3003' }, '#3')).toBe(false);
    expect(finds({ orderNumber: 'é-1' }, 'é')).toBe(true);
    expect(finds({ orderNumber: 'cé' }, 'é')).toBe(false);
  });

  it('finds a name whether or not the term has its accents, as sellers type', () => {
    const zoe = { orderNumber: '7', firstName: 'Zoë', lastName: 'Ñúñez' };
    for (const term of ['zoe', 'Zoë', 'ZOE NUNEZ', 'nunez', 'ÑUÑEZ', 'zoë ñúñez']) {
      expect(finds(zoe, term)).toBe(true);
    }
    expect(finds({ orderNumber: '8', firstName: 'Zoe' }, 'zoë')).toBe(true);
    // A kana's voicing mark is no accent: が is not か.
    expect(finds({ orderNumber: '9', lastName: 'はがき' }, 'はかき')).toBe(false);
    expect(finds({ orderNumber: '9', lastName: 'はがき' }, 'はがき')).toBe(true);
  });

  it('keeps characters outside the Basic Multilingual Plane whole', () => {
    const entry = { orderNumber: '1', firstName: '🦊fox🦊' };
    expect(finds(entry, 'fox🦊')).toBe(true);
    expect(finds(entry, '🦊f')).toBe(true);
  });

  it('treats pattern characters as text and control characters as nothing', () => {
    const entry = { orderNumber: '10.8*' };
    expect(finds(entry, '0.8*')).toBe(true);
    expect(finds(entry, '0.9')).toBe(false);
    expect(finds(entry, '.*')).toBe(false);
    expect(searchPatternOf('\u0001\u0002')).toBeNull();
    expect(finds({ orderNumber: 'A\u0001B' }, 'a b')).toBe(true);
  });
});
