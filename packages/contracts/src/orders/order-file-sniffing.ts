/**
 * How an orders file's text is read before its columns mean anything: its encoding from its first
 * bytes, its header line among its first lines and the separator that line uses. The import
 * (svc-orders) and the uploader's preview (mf-merchant) both read a file this way, so the preview
 * shows the columns the import will read.
 */

/** The two kinds of Excel workbook a seller's export comes as. */
export type WorkbookKind = 'xlsx' | 'xls';

// An .xlsx is a zip archive; an .xls (Excel 97-2003, BIFF8) an OLE2 compound file.
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (head: Uint8Array, signature: readonly number[]) =>
  head.length >= signature.length && signature.every((byte, index) => head[index] === byte);

/**
 * The Excel workbook a file's first bytes say it is, whatever its name: a zip archive is an .xlsx,
 * an OLE2 compound file an .xls; null for anything else (text).
 *
 * @example workbookKindOfHead(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) // 'xls'
 */
export function workbookKindOfHead(head: Uint8Array): WorkbookKind | null {
  if (startsWith(head, ZIP_SIGNATURE)) return 'xlsx';
  if (startsWith(head, OLE2_SIGNATURE)) return 'xls';
  return null;
}

/** The separators an orders file's columns are split by. */
export type Separator = ',' | ';' | '\t';

/** The encodings a file's first bytes decide; text that is none of them is told later, by content. */
export type HeadEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE';

/**
 * UTF-16 written without a byte-order mark still shows itself: every other byte of its ASCII text
 * (the header line) is NUL. Checked on the first 64 bytes.
 */
function utf16WithoutMark(head: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  const sample = head.subarray(0, 64 - (Math.min(head.length, 64) % 2));
  if (sample.length < 8) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let index = 0; index < sample.length; index += 2) {
    if (sample[index] === 0) evenNul += 1;
    if (sample[index + 1] === 0) oddNul += 1;
  }
  const pairs = sample.length / 2;
  if (oddNul === pairs && evenNul === 0) return 'UTF-16LE';
  if (evenNul === pairs && oddNul === 0) return 'UTF-16BE';
  return null;
}

/**
 * The encoding a file's first bytes say: a byte-order mark names UTF-8, UTF-16LE or UTF-16BE;
 * UTF-16 without one is told by its NUL bytes; anything else is UTF-8 until its content says
 * otherwise (Windows-1252, decided by the reader). `byteOrderMark` is whether the file starts with
 * one.
 *
 * @example encodingOfHead(new Uint8Array([0xff, 0xfe, 0x61, 0x00])) // { encoding: 'UTF-16LE', byteOrderMark: true }
 */
export function encodingOfHead(head: Uint8Array): {
  encoding: HeadEncoding;
  byteOrderMark: boolean;
} {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'UTF-8', byteOrderMark: true };
  }
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'UTF-16LE', byteOrderMark: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'UTF-16BE', byteOrderMark: true };
  return { encoding: utf16WithoutMark(head) ?? 'UTF-8', byteOrderMark: false };
}

/**
 * The separator of a file, from its header line: the candidate that occurs most often outside
 * quotes; comma when none does (a one-column file).
 *
 * @example detectSeparator('Order Number;Zip') // ';'
 */
export function detectSeparator(headerLine: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as Separator] += 1;
  }
  const best = (Object.keys(counts) as Separator[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

/** Where a file's header is, among its first lines, and the separator it uses. */
export interface HeaderRow {
  /** How many lines come before it (blank lines, a report's title, a line of commas). */
  skippedLines: number;
  separator: Separator;
  /**
   * False for the first line of one filled cell, taken only because no line so far has two: a
   * later line may still be the header.
   */
  certain: boolean;
}

// Excel writes `sep=;` as a file's first line to say its separator.
const SEPARATOR_HINT = /^"?sep=([,;\t])"?$/i;

/** The cells of a line with something in them, outside quotes. */
function filledCells(line: string, separator: Separator): number {
  let filled = 0;
  let cell = '';
  let quoted = false;
  for (const char of `${line}${separator}`) {
    if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      if (cell.trim()) filled += 1;
      cell = '';
    } else cell += char;
  }
  return filled;
}

/**
 * The header among a file's first lines (`complete` lines, each ended by a line break, or the
 * file's only ones): the first line with two or more filled cells. What comes before it is a
 * preamble stores and spreadsheets write: blank lines, a line of bare separators (eBay's Sales
 * History), a title ('Orders report generated 2 October 2026'), Excel's `sep=;`, whose separator is
 * then the file's. A file none of whose first lines has two cells (a one-column file) starts at its
 * first non-blank line, so that it is refused for the columns it lacks. Null while only blank
 * lines have been seen.
 *
 * @example findHeaderRow(['sep=;', 'a;b', '1;2']) // { skippedLines: 1, separator: ';', certain: true }
 */
export function findHeaderRow(lines: readonly string[]): HeaderRow | null {
  let hinted: Separator | null = null;
  let firstFilled: number | null = null;
  for (const [index, line] of lines.entries()) {
    const hint = SEPARATOR_HINT.exec(line.trim());
    if (hint) {
      hinted = hint[1] as Separator;
      continue;
    }
    const separator = hinted ?? detectSeparator(line);
    const filled = filledCells(line, separator);
    if (filled >= 2) return { skippedLines: index, separator, certain: true };
    if (filled === 1) firstFilled ??= index;
  }
  if (firstFilled === null) return null;
  const separator = hinted ?? detectSeparator(lines[firstFilled]!);
  return { skippedLines: firstFilled, separator, certain: false };
}
