import { lineItemsOf, type LineItemSource } from './line-items.js';
import { escapeRegExp } from './text-pattern.js';

/** What the seller's order search looks in (spec 000 §2; issue 16 item 8). */
export interface SearchableEntry extends Pick<
  LineItemSource,
  'items' | 'lineItems' | 'productName'
> {
  orderNumber: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  postcode?: string | null;
  trackingNumber?: string | null;
}

/**
 * A term this long or longer is found anywhere in a value. A shorter one (1 or 2 characters) is
 * found where a word starts: anywhere, it would match most orders and no index could count them.
 */
export const MIN_ANYWHERE_LENGTH = 3;
/**
 * Stored terms are cut to this many characters, so a value costs at most this many characters per
 * position; a longer search term is found by its start and then checked against the values.
 */
export const MAX_TERM_LENGTH = 32;
/** Text past this many characters of a value is not searched (a value costs at most this many terms). */
export const MAX_VALUE_LENGTH = 200;
/**
 * Bumped whenever `searchTermsOf` changes what it stores, so that the start-up backfill
 * (`data/search-terms-backfill.ts`) rewrites the terms of entries stored before.
 */
export const SEARCH_TERMS_FORMAT = 2;

/**
 * Marks a word-start term. A control character, which `searchTextOf` removes from every value
 * and search term, so no value can spell it.
 */
const WORD_START = '\u0001';
// eslint-disable-next-line no-control-regex -- control characters are what is removed here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Values and search terms compare lower-cased, with every run of white space as one space. */
export const searchTextOf = (text: string) =>
  text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What search looks in, as search text: order number, first name, last name, both names ('ada
 * lovelace'), email, postcode (also without its spaces), tracking number and the name of each line
 * item (`lineItemsOf`: the store-front's lines, or those the Items text names).
 */
export function searchableValuesOf(entry: SearchableEntry): string[] {
  const values = [
    entry.orderNumber,
    entry.firstName,
    entry.lastName,
    [entry.firstName, entry.lastName].filter(Boolean).join(' '),
    entry.email,
    entry.postcode,
    entry.postcode?.replace(/\s+/g, ''),
    entry.trackingNumber,
    ...lineItemsOf(entry).map((item) => item.name),
  ];
  const texts = values.map((value) => [...searchTextOf(value ?? '')].slice(0, MAX_VALUE_LENGTH));
  return [...new Set(texts.filter((text) => text.length).map((text) => text.join('')))];
}

/**
 * The terms stored for an entry (its `searchTerms`), which an index on them serves:
 * - every suffix of every value that has at least `MIN_ANYWHERE_LENGTH` characters and does not
 *   start with a space, cut to `MAX_TERM_LENGTH`: a term occurs in a value exactly when it starts
 *   one of these ('1002' starts '1002', a suffix of 'e2e-1002');
 * - a marked copy of the first one or two characters of the value and of each word in it, which
 *   one- and two-character terms are looked up in.
 * Characters are code points, so no term splits a surrogate pair.
 */
export function searchTermsOf(entry: SearchableEntry): string[] {
  const terms = new Set<string>();
  for (const value of searchableValuesOf(entry)) {
    const characters = [...value];
    for (let start = 0; start + MIN_ANYWHERE_LENGTH <= characters.length; start += 1) {
      if (characters[start] === ' ') continue;
      terms.add(characters.slice(start, start + MAX_TERM_LENGTH).join(''));
    }
    characters.forEach((character, start) => {
      const startsWord =
        WORD_CHARACTER.test(character) && !WORD_CHARACTER.test(characters[start - 1] ?? '');
      if (start === 0 || startsWord) {
        terms.add(WORD_START + characters.slice(start, start + MIN_ANYWHERE_LENGTH - 1).join(''));
      }
    });
  }
  return [...terms];
}

/** How a search term is looked up in stored terms (see `searchTermsOf`). */
export interface SearchTermLookup {
  /** The term as search text. */
  text: string;
  /** Matches the stored terms of the entries to consider; a prefix, so an index serves it. */
  pattern: RegExp;
  /**
   * Whether the term is longer than a stored term, so that an entry the pattern finds must still
   * be checked with `hasSearchText`.
   */
  needsCheck: boolean;
}

/**
 * The lookup of a search term: a prefix of a word start for one or two characters, of a suffix
 * otherwise (its first `MAX_TERM_LENGTH` characters if it is longer). `null` for a term with
 * nothing to search (blank once control characters are removed).
 */
export function searchTermLookupOf(term: string): SearchTermLookup | null {
  const text = searchTextOf(term);
  const characters = [...text];
  if (!characters.length) return null;
  // The marker is written as itself, not escaped: MongoDB bounds an index scan only by a prefix
  // of literal characters.
  const prefix = characters.length < MIN_ANYWHERE_LENGTH ? WORD_START : '';
  const literal = escapeRegExp(characters.slice(0, MAX_TERM_LENGTH).join(''));
  return {
    text,
    pattern: new RegExp(`^${prefix}${literal}`),
    needsCheck: characters.length > MAX_TERM_LENGTH,
  };
}

/** Whether a value of the entry contains the search text (the check of long search terms). */
export const hasSearchText = (entry: SearchableEntry, text: string) =>
  searchableValuesOf(entry).some((value) => value.includes(text));
