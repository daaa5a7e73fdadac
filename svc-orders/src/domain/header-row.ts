import { detectSeparator, type Separator } from './csv-columns.js';

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

// eBay's Sales History ends with '83 record(s) downloaded' and 'Seller ID : shop-name' lines.
const REPORT_FOOTER = /^\d+ record(?:s|\(s\))? downloaded$|^seller id\s*:/i;

/** A row that is a report's closing line, not an order: one filled cell saying so. */
export function isReportFooter(cells: readonly string[]): boolean {
  // Most rows are orders: their second cell already says so, without a look at the rest.
  let footer: string | null = null;
  for (const cell of cells) {
    if (!cell.trim()) continue;
    if (footer !== null) return false;
    footer = cell.trim();
  }
  return footer !== null && REPORT_FOOTER.test(footer);
}
