/** FNV-1a over the UTF-16 code units: small, stable, and enough to spread addresses apart. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * A 5×5 mirrored identicon for an email, as an SVG data URL (spec 001 §5: the avatar falls back to
 * an identicon from the email). Drawn here rather than fetched from an avatar service, so no
 * buyer's address leaves the site.
 *
 * @example <img src={customer.avatar || identiconDataUrl(customer.email)} alt="" />
 */
export function identiconDataUrl(email: string): string {
  const seed = hash(email.trim().toLowerCase());
  const hue = seed % 360;
  const cells: string[] = [];
  // 15 bits decide the left three columns; columns 4 and 5 mirror 2 and 1.
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 3; column++) {
      if ((seed >>> (row * 3 + column + 9)) & 1) {
        for (const x of new Set([column, 4 - column])) {
          cells.push(`<rect x="${x}" y="${row}" width="1" height="1"/>`);
        }
      }
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.5 -0.5 6 6">` +
    `<rect x="-0.5" y="-0.5" width="6" height="6" fill="hsl(${hue} 30% 94%)"/>` +
    `<g fill="hsl(${hue} 55% 42%)">${cells.join('')}</g></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
