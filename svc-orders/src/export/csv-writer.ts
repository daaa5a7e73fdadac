import { Readable } from 'node:stream';
import type { ReportRow } from '@onvelope/contracts';
import { neutraliseFormula } from '../domain/spreadsheet-safety.js';
import { reportColumns } from './report-columns.js';

/** Lines are handed on in chunks of about this size rather than one write per row. */
const CHUNK_CHARS = 64 * 1024;
const BYTE_ORDER_MARK = '\uFEFF';

/** RFC 4180: a field holding a quote, comma or line break is quoted, its quotes doubled. */
const field = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** '2026-03-01 14:05:09': UTC, in the form spreadsheet programs read as a date and time. */
const csvDate = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

function csvLine(row: ReportRow): string {
  return `${reportColumns
    .map(({ key, date }) => {
      const value = row[key];
      if (value === null) return '';
      return field(date ? csvDate(value) : neutraliseFormula(value));
    })
    .join(',')}\r\n`;
}

/**
 * The report as CSV (RFC 4180, CRLF line ends, UTF-8 with a byte-order mark so spreadsheet
 * programs read the accents in names and addresses right). A row is read from `rows` only when
 * the client has taken what came before: `Readable.from` asks the generator for more only while
 * its buffer is below the high-water mark.
 */
export function writeCsv(rows: AsyncIterable<ReportRow>): Readable {
  async function* chunks() {
    yield `${BYTE_ORDER_MARK}${reportColumns.map(({ header }) => field(header)).join(',')}\r\n`;
    let chunk = '';
    for await (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}
