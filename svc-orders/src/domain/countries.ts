import { createRequire } from 'node:module';
import { countryName, countryNames } from '@onvelope/contracts';
import countries, { type LocaleData } from 'i18n-iso-countries/index.js';

// The package's default entry registers all ~80 languages; the product speaks English only.
countries.registerLocale(
  createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData,
);

// What a seller may type or a store-front may have stored for a country: the name every screen
// shows (contracts' `countryNames`) and the package's official names and aliases ('UK', 'USA',
// 'United States of America'). Reports only ever *show* contracts' name.
const aliasesByCode = countries.getNames('en', { select: 'all' });
/** Every English name of each code, lower-cased. */
const namesByCode = Object.entries(countryNames).map(
  ([code, shown]) =>
    [code, [...new Set([shown, ...(aliasesByCode[code] ?? [])].map(lowerCase))]] as const,
);

const namesOfCode = new Map(namesByCode);

function lowerCase(name: string): string {
  return name.toLowerCase();
}

/**
 * The English name of a two-letter ISO 3166-1 code, in any case ('us' → 'United States'), as every
 * screen names it (`countryName` of contracts); any other value (a name already, an unknown code)
 * is passed through.
 */
export function countryNameOf(value: string): string;
export function countryNameOf(value: string | null | undefined): string | null;
export function countryNameOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return countryName(value);
}

/** Every English name a country goes by, lower-cased (for matching stored names); [] for no code. */
export function countryNamesOf(code: string): readonly string[] {
  return namesOfCode.get(code.toUpperCase()) ?? [];
}

/**
 * The two-letter codes a country filter text means: the code itself when the text is one
 * ('gb' → GB; a two-letter text is taken as a code, so 'us' does not also find Russia or
 * Australia), otherwise every country one of whose English names contains it ('united' → AE, GB,
 * TZ, US, UM; 'britain' → GB).
 */
export function countryCodesMatching(text: string): string[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  if (needle.length === 2 && countryNames[needle.toUpperCase()]) return [needle.toUpperCase()];
  return namesByCode
    .filter(([, names]) => names.some((name) => name.includes(needle)))
    .map(([code]) => code);
}

const codeByName = new Map(
  namesByCode.flatMap(([code, names]) => names.map((name) => [name, code] as const)),
);

/**
 * The two-letter code of a country written as a code ('gb') or an English name, aliases included
 * ('United Kingdom', 'UK', 'United States of America'); null for anything else.
 */
export function countryCodeOf(value: string): string | null {
  const text = value.trim();
  if (/^[a-z]{2}$/i.test(text) && countryNames[text.toUpperCase()]) return text.toUpperCase();
  return codeByName.get(text.toLowerCase()) ?? null;
}
