/**
 * Text that goes into a mail header (the sender's display name, the subject): one line. A CR or
 * LF in an order number or a store name would otherwise start a header of the sender's choosing
 * (`Bcc:`); every other control character is dropped too, runs of space become one, and the
 * result is cut to `max` characters. The bidirectional embeddings and overrides (U+202A–U+202E,
 * U+2066–U+2069) are removed: a buyer's subject could otherwise show its words in another order
 * than they are (`Refund \u202Efdp.exe` reads `Refund exe.pdf`) in the seller's mailbox.
 *
 * @example headerText('1001\r\nBcc: x@evil.test') // '1001 Bcc: x@evil.test'
 */
export function headerText(text: string, max = 200): string {
  const oneLine = text
    .replace(/[\u202a-\u202e\u2066-\u2069]+/g, '')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1).trimEnd()}…` : oneLine;
}
