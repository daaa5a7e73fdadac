/**
 * The address a page may make a link of, or null: http and https only, so text a seller, a buyer
 * or a store typed as a website or a tracking link never becomes a script or data URL. A bare
 * domain ("example.com", as sellers type their website) is taken as https.
 *
 * @example
 * webLink('example.com') // 'https://example.com/'
 * webLink('javascript:alert(1)') // null
 */
export function webLink(value: string | null | undefined): string | null {
  if (!value) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
