import {
  SEARCH_ANYWHERE_MIN_LENGTH,
  searchedFields as searchedFieldsList,
} from '@onvelope/contracts';
import { lineItemsOf, type LineItemSource } from './line-items.js';
import { postcodeOf, type StoredPostcodes } from './order-postcode.js';
import { escapeRegExp } from './text-pattern.js';

/** What the seller's order search looks in (spec 000 §2; issue 16 item 8). */
export interface SearchableEntry
  extends Pick<LineItemSource, 'items' | 'lineItems' | 'productName'>, StoredPostcodes {
  orderNumber: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  trackingNumber?: string | null;
}

/**
 * The stored fields `searchableValuesOf` reads, as the contracts list them (the dashboard's search
 * box names them too), checked here against what it reads: writers and the backfill know them from
 * here.
 */
export const searchedFields = searchedFieldsList satisfies readonly (keyof SearchableEntry)[];

/** Text past this many characters of a value is not searched (bounds the stored search text). */
export const MAX_VALUE_LENGTH = 200;
/**
 * Bumped whenever `searchFieldsOf` (`search-terms-grams.ts`) changes what it stores, so that the
 * start-up backfill (`data/search-terms-backfill.ts`) rewrites the search fields of entries stored
 * before. 1 and 2 were lists of terms (`searchTerms`): word prefixes, then suffixes; 3 searched
 * `postcode` only, not the shipping zip of an order that has no postcode; 4 had no search index
 * (`searchGrams`), so search tested the pattern on every order of the seller; 5 kept accents, so
 * 'zoe' did not find 'Zoë'.
 */
export const SEARCH_TEXT_FORMAT = 6;

/**
 * Separates the values in the search text. A control character, which `normalisedSearchText`
 * removes from every value and search term, so no term can match across two values.
 */
const VALUE_SEPARATOR = '\u0001';
/** The separator as a regular expression writes it (MongoDB and Java read `\x01` alike). */
const VALUE_SEPARATOR_PATTERN = '\\x01';
// eslint-disable-next-line no-control-regex -- control characters are what is removed here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * The accents of Latin, Greek and Cyrillic letters once a letter is decomposed (NFD): the
 * Combining Diacritical Marks block alone, so a Japanese kana keeps its voicing mark.
 */
const DIACRITICS = /[\u0300-\u036f]/g;

/**
 * Values and search terms compare lower-cased, without accents ('zoe' finds 'Zoë', 'nunez'
 * 'Ñúñez', as sellers type), with every run of white space as one space.
 */
export const normalisedSearchText = (text: string) =>
  text
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(DIACRITICS, '')
    .normalize('NFC');

/**
 * What search looks in, normalised: order number, first name, last name, both names ('ada
 * lovelace'), email, postcode (also without its spaces), tracking number and the name of each line
 * item (`lineItemsOf`: the store-front's lines, or those the Items text names), each cut to
 * `MAX_VALUE_LENGTH` characters (code points, so no surrogate pair is split).
 */
export function searchableValuesOf(entry: SearchableEntry): string[] {
  const postcode = postcodeOf(entry);
  const values = [
    entry.orderNumber,
    entry.firstName,
    entry.lastName,
    [entry.firstName, entry.lastName].filter(Boolean).join(' '),
    entry.email,
    postcode,
    postcode?.replace(/\s+/g, ''),
    entry.trackingNumber,
    ...lineItemsOf(entry).map((item) => item.name),
  ];
  const texts = values.map((value) =>
    firstCodePoints(normalisedSearchText(value ?? ''), MAX_VALUE_LENGTH),
  );
  return [...new Set(texts.filter((text) => text.length))];
}

/**
 * `text` cut to its first `max` code points, a surrogate pair never split. Counted in place: a
 * string spread into one string per character cost an import about 4 KB of garbage per row.
 */
function firstCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (let count = 0; count < max && end < text.length; count += 1) {
    end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

/** The search text of searchable values already read (`searchableValuesOf`). */
export const searchTextOfValues = (values: readonly string[]) => values.join(VALUE_SEPARATOR);

/**
 * The search text stored for an entry (its `searchText`): its searchable values joined by a
 * separator no value holds. The term's pattern is confirmed on it, one string per candidate the
 * search index (`searchGrams`) gives.
 */
export const searchTextOf = (entry: SearchableEntry) =>
  searchTextOfValues(searchableValuesOf(entry));

/**
 * The pattern the stored search text of an entry matches when search finds it by the term: the
 * term as text (escaped), anywhere in a value; a term of 1 or 2 characters only where a value or a
 * word starts (a word character with none before it: '10' finds 'e2e-1002', '#1' only '#1…').
 * Case-sensitive: both sides are lower-cased. `null` for a term with nothing to search (blank once
 * control characters are removed).
 */
export function searchPatternOf(term: string): RegExp | null {
  const characters = [...normalisedSearchText(term)];
  const first = characters[0];
  if (first === undefined) return null;
  const literal = escapeRegExp(characters.join(''));
  if (characters.length >= SEARCH_ANYWHERE_MIN_LENGTH) return new RegExp(literal, 'u');
  // Look-behinds, which JavaScript, MongoDB (PCRE) and Java (the test server) all read alike.
  const start = WORD_CHARACTER.test(first)
    ? '(?<![\\p{L}\\p{N}])'
    : `(?<![^${VALUE_SEPARATOR_PATTERN}])`;
  return new RegExp(`${start}${literal}`, 'u');
}
