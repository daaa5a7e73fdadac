import { SEARCH_ANYWHERE_MIN_LENGTH } from '@onvelope/contracts';
import {
  normalisedSearchText,
  searchableValuesOf,
  searchTextOfValues,
  type SearchableEntry,
} from './search-terms.js';

/**
 * Grams are as long as the shortest term searched for anywhere, so each such term holds at least
 * one; shorter terms are found only where a word or a value starts (`searchPatternOf`).
 */
const GRAM_LENGTH = SEARCH_ANYWHERE_MIN_LENGTH;
/**
 * At most this many of a term's grams are looked up. Any of them narrows the candidates (the
 * pattern decides); MongoDB's planner tries a plan per gram of an `$all` and keeps the one that
 * finds the matches soonest (SERVER-16042), so a few well spread grams do as well as all of a long
 * term's, with fewer plans to try.
 */
export const MAX_LOOKED_UP_GRAMS = 8;

/** A letter or digit with none before it: where a word starts, as `searchPatternOf` reads it. */
const WORD_START = /(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu;

/** Where the code point after the one at `at` starts. */
const nextCodePoint = (text: string, at: number) => at + (text.codePointAt(at)! > 0xffff ? 2 : 1);

/** The end of the `count` code points from `at`, or -1 when the text ends before. */
function endOf(text: string, at: number, count: number): number {
  let end = at;
  for (let taken = 0; taken < count; taken += 1) {
    if (end >= text.length) return -1;
    end = nextCodePoint(text, end);
  }
  return end;
}

/**
 * Adds what one normalised value is found by: every run of `GRAM_LENGTH` code points in it, and
 * the first 1 … `GRAM_LENGTH - 1` code points where the value starts and where each word in it
 * starts. A term of `GRAM_LENGTH` or more occurs in the value only if each of its grams does; a
 * shorter one matches the value exactly when it is one of these starts.
 */
function addKeysOf(value: string, keys: Set<string>) {
  for (let at = 0; at < value.length; at = nextCodePoint(value, at)) {
    const end = endOf(value, at, GRAM_LENGTH);
    if (end < 0) break;
    keys.add(value.slice(at, end));
  }
  const starts = [0, ...Array.from(value.matchAll(WORD_START), (match) => match.index)];
  for (const at of starts) {
    for (let length = 1; length < GRAM_LENGTH; length += 1) {
      const end = endOf(value, at, length);
      if (end < 0) break;
      keys.add(value.slice(at, end));
    }
  }
}

/** What an entry's search index holds (the `searchGrams` of `searchFieldsOf`). */
export function searchGramsOf(values: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const value of values) addKeysOf(value, keys);
  return [...keys];
}

/**
 * The search fields every writer stores: the text the term's pattern is confirmed on
 * (`searchTextOf`) and the keys of the search index (`searchGramsOf`), from one reading of the
 * entry's searchable values.
 */
export function searchFieldsOf(entry: SearchableEntry) {
  const values = searchableValuesOf(entry);
  return { searchText: searchTextOfValues(values), searchGrams: searchGramsOf(values) };
}

/**
 * The index keys an entry found by the term holds (`$all` of them narrows the candidates, the
 * term's pattern then decides): a term of `GRAM_LENGTH` or more code points by grams that cover
 * it, at most `MAX_LOOKED_UP_GRAMS` (the term's end among them); a shorter one by itself, a key
 * only word and value starts hold. Null for a term with nothing to search.
 */
export function searchedGramsOf(term: string): string[] | null {
  const characters = [...normalisedSearchText(term)];
  if (!characters.length) return null;
  if (characters.length < GRAM_LENGTH) return [characters.join('')];
  const starts = new Set<number>();
  for (let at = 0; at + GRAM_LENGTH <= characters.length; at += GRAM_LENGTH) starts.add(at);
  const last = characters.length - GRAM_LENGTH;
  const chosen = [...starts].slice(0, MAX_LOOKED_UP_GRAMS - 1).concat(last);
  const grams = chosen.map((at) => characters.slice(at, at + GRAM_LENGTH).join(''));
  return [...new Set(grams)];
}
