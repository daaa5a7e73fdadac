const PATTERN_CHARACTERS = /[.*+?^${}()|[\]\\]/g;
// eslint-disable-next-line no-control-regex -- control characters are what is escaped here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A seller's or buyer's text as a regular expression that matches it literally: the pattern
 * characters escaped, and control characters (NUL above all, which a BSON regular expression
 * cannot hold) written as `\xNN` escapes. Every search and match made from typed text goes through
 * it, in JavaScript and in MongoDB queries alike.
 */
export const escapeRegExp = (text: string) =>
  text
    .replace(PATTERN_CHARACTERS, '\\$&')
    .replace(
      CONTROL_CHARACTERS,
      (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
    );
