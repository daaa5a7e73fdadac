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
  separator: ',' | ';' | '\t';
}

const separators = [',', ';', '\t'] as const;

/**
 * The preview's text from the head of a file, decoded as the import decodes it: a byte-order mark
 * names UTF-8 or UTF-16, and text that is not UTF-8 is Windows-1252 (what spreadsheets on Windows
 * save), so "Zoë" shows as the import will store it.
 */
export function decodePreviewText(head: Uint8Array): string {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head);
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
 * accepts what the import accepts: a UTF-8 byte-order mark, CRLF, quoted fields (with "" and line
 * breaks inside), and comma, semicolon or tab separators (the one the header row uses most).
 * `complete` says whether `text` is the whole file; when it is only the head, a last row that may
 * have been cut is dropped. Returns null when there is no header row to show.
 */
export function parseCsvPreview(
  text: string,
  options: { maxRows?: number; complete?: boolean } = {},
): CsvPreview | null {
  const maxRows = options.maxRows ?? csvPreviewRows;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const separator = detectSeparator(body);
  const records = splitRecords(body, separator, maxRows + 2);
  if (!options.complete && !records.ended && records.rows.length > 0) records.rows.pop();
  const rows = records.rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  const [headers, ...data] = rows;
  if (!headers) return null;
  return { headers: headers.map((cell) => cell.trim()), rows: data.slice(0, maxRows), separator };
}

function detectSeparator(text: string): CsvPreview['separator'] {
  const firstLine = headerLine(text);
  let best: CsvPreview['separator'] = ',';
  let bestCount = 0;
  for (const candidate of separators) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** The first line with quoted parts removed, so a separator inside a quoted header is not counted. */
function headerLine(text: string): string {
  let line = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted) line += char;
  }
  return line;
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
