import { z } from 'zod';

/**
 * The one rule for text that people and stores send in (issue 32, defect 9): no control
 * characters. They are invisible, mean nothing in a name, a note or a tracking number, and once
 * stored they break what is made of the text: a NUL made an export the importer refuses as
 * binary, and XML (so XLSX) may not hold C0 controls at all. Refused: C0 (U+0000–U+001F), DEL
 * (U+007F) and C1 (U+0080–U+009F). Nobody types C1; where it turns up it is Windows-1252 text
 * misread as Latin-1 (U+0093 for a curly quote), better refused than stored garbled.
 *
 * Fields that hold several lines (messages and notes) also take tab, line feed and carriage
 * return; every other field is one line.
 */
export type TextLines = 'single' | 'multi';

const controls: Record<TextLines, RegExp> = {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  single: /[\u0000-\u001f\u007f-\u009f]/,
  // eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
  multi: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/,
};

export const textMessages: Record<TextLines, string> = {
  single: 'Must be one line of text, without tabs or control characters',
  multi: 'Must be text without control characters (line breaks and tabs are fine)',
};

/**
 * The first character of `text` that a field of these lines refuses, or null.
 *
 * @example
 * controlCharacterIn('TN\u00001') // '\u0000'
 * controlCharacterIn('Leave it\nwith the neighbour', 'multi') // null
 */
export function controlCharacterIn(text: string, lines: TextLines = 'single'): string | null {
  return controls[lines].exec(text)?.[0] ?? null;
}

/** How a character is named in a message: `U+0001`. */
export const codePointOf = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The rule as a zod check, for string schemas that are not built by `textField` (URLs).
 *
 * @example
 * website: z.url().check(plainText())
 */
export const plainText = (lines: TextLines = 'single') =>
  z.refine<string>((text) => controlCharacterIn(text, lines) === null, {
    message: textMessages[lines],
  });

/**
 * A web address that pages make a link of (a tracking link, a website): http or https only, so a
 * `javascript:` or `data:` address sent in never becomes a link anyone opens.
 *
 * @example
 * trackingUrl: webAddress('Tracking URL must be a web address (http:// or https://)')
 */
export const webAddress = (error: string) =>
  z.url({ protocol: /^https?$/, error }).check(plainText());

/** What a text field says of a value over its limit, as the importer says it of a file's cell. */
export const longerThan = (label: string, max: number) =>
  `${label} is longer than ${max} characters`;

export interface TextFieldOptions {
  /** 'multi' for messages and notes; one line otherwise. */
  lines?: TextLines;
  /**
   * The message when the value is missing or not a string at all (a required field's words). Only
   * then: a limit chained after it says its own words.
   */
  error?: string;
  /** Trimmed unless told otherwise (an item name tested as written, ids, consent records). */
  trim?: boolean;
}

/**
 * A text field of a request body: a string, trimmed, under the rule above. Chain the field's own
 * limits after it.
 *
 * @example
 * courier: textField({ error: 'Courier is required' }).min(1, 'Courier is required').max(100, longerThan('Courier', 100))
 * notes: textField({ lines: 'multi' }).max(2000).nullable().optional()
 */
export function textField(options: TextFieldOptions = {}) {
  const { error } = options;
  const text = z.string(
    error === undefined
      ? undefined
      : { error: (issue) => (issue.code === 'invalid_type' ? error : undefined) },
  );
  return (options.trim === false ? text : text.trim()).check(plainText(options.lines));
}
