import { encodingOfHead, findHeaderRow, type Separator } from '@onvelope/contracts';

/** spec 000 §9: the uploader previews the first 10 rows. */
export const csvPreviewRows = 10;

/**
 * How much of a file the browser reads for the preview. The server streams the whole file; the
 * preview needs only its head, so a 100 MB export never lands in the page's memory.
 */
export const csvPreviewBytes = 256 * 1024;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
  separator: Separator;
}

/**
 * The preview's text from the head of a file, decoded as the import decodes it: its first bytes
 * name UTF-8 or UTF-16 (contracts' `encodingOfHead`), and text that is not UTF-8 is Windows-1252 (what spreadsheets on Windows
 * save), so "Zoë" shows as the import will store it.
 */
export function decodePreviewText(head: Uint8Array): string {
  const { encoding } = encodingOfHead(head);
  if (encoding !== 'UTF-8') return new TextDecoder(encoding.toLowerCase()).decode(head);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(head);
  } catch {
    // A head cut inside a UTF-8 character is still UTF-8: only its last few bytes are undecodable.
    const cut = new TextDecoder('utf-8').decode(head);
    const damaged = cut.slice(0, -4).includes('\uFFFD');
    return damaged ? new TextDecoder('windows-1252').decode(head) : cut;
  }
}

/**
 * Parses the head of a CSV file for the preview: the header row and up to `maxRows` data rows. It
 * reads what the import reads: a UTF-8 byte-order mark, CRLF, quoted fields (with "" and line
 * breaks inside), and the header line and separator the import finds (contracts' `findHeaderRow`:
 * past a preamble of blank lines, a title or Excel's `sep=;`, comma, semicolon or tab).
 * `complete` says whether `text` is the whole file; when it is only the head, a last row that may
 * have been cut is dropped. Returns null when there is no header row to show.
 */
export function parseCsvPreview(
  text: string,
  options: { maxRows?: number; complete?: boolean } = {},
): CsvPreview | null {
  const maxRows = options.maxRows ?? csvPreviewRows;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = body.split(/\r?\n/);
  const header = findHeaderRow(options.complete ? lines : lines.slice(0, -1));
  if (!header) return null;
  const { separator } = header;
  const records = splitRecords(startOfLine(body, header.skippedLines), separator, maxRows + 2);
  if (!options.complete && !records.ended && records.rows.length > 0) records.rows.pop();
  const rows = records.rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  const [headers, ...data] = rows;
  if (!headers) return null;
  return { headers: headers.map((cell) => cell.trim()), rows: data.slice(0, maxRows), separator };
}

/** The text from the start of its `line`-th line (0 the first), as the import skips a preamble. */
function startOfLine(text: string, line: number): string {
  let start = 0;
  for (let skipped = 0; skipped < line; skipped += 1) start = text.indexOf('\n', start) + 1;
  return text.slice(start);
}

/**
 * Splits text into records of fields, stopping after `limit` records. `ended` is true when the last
 * record was closed by a line break (so it cannot have been cut off).
 */
function splitRecords(
  text: string,
  separator: string,
  limit: number,
): { rows: string[][]; ended: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let ended = true;
  for (let i = 0; i < text.length && rows.length < limit; i++) {
    const char = text[i];
    ended = false;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      ended = true;
    } else {
      field += char;
    }
  }
  if (rows.length < limit && (field !== '' || row.length > 0)) {
    row.push(field);
    rows.push(row);
  }
  return { rows, ended: ended || rows.length >= limit };
}
