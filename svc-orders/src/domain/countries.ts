import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries/index.js';

// The package's default entry registers all ~80 languages; the product speaks English only.
countries.registerLocale(
  createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as LocaleData,
);

const officialNames = countries.getNames('en', { select: 'official' });
/** Every English name of each code, aliases included ('UK', 'Great Britain', 'USA'), lower-cased. */
const namesByCode = Object.entries(countries.getNames('en', { select: 'all' })).map(
  ([code, names]) => [code, names.map((name) => name.toLowerCase())] as const,
);

/**
 * The full English name of a two-letter ISO 3166-1 code, in any case ('gb' → 'United Kingdom');
 * any other value (a name already, an unknown code) is passed through unchanged.
 */
export function countryNameOf(value: string): string;
export function countryNameOf(value: string | null | undefined): string | null;
export function countryNameOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const code = value.trim().toUpperCase();
  return code.length === 2 && officialNames[code] ? officialNames[code] : value;
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
  if (needle.length === 2 && officialNames[needle.toUpperCase()]) return [needle.toUpperCase()];
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
  if (/^[a-z]{2}$/i.test(text) && officialNames[text.toUpperCase()]) return text.toUpperCase();
  return codeByName.get(text.toLowerCase()) ?? null;
}
