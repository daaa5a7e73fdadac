const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * A two-letter country code as the country's name ('GB' -> 'United Kingdom'), from the browser's
 * own ISO 3166 data; anything else (a name already, an unknown code) as it is. The one country
 * naming of the buyer pages and the seller's screens.
 */
export function countryName(value: string): string {
  const text = value.trim();
  if (!/^[a-z]{2}$/i.test(text)) return text;
  try {
    return regionNames.of(text.toUpperCase()) ?? text;
  } catch {
    return text;
  }
}
