import { Readable } from 'node:stream';
import type { ReportRow } from '@onvelope/contracts';
import { neutraliseFormula } from '../domain/spreadsheet-safety.js';
import { reportColumns, type ReportColumn } from './report-columns.js';

/** Lines are handed on in chunks of about this size rather than one write per row. */
const CHUNK_CHARS = 64 * 1024;
const BYTE_ORDER_MARK = '\uFEFF';

/** RFC 4180: a field holding a quote, comma or line break is quoted, its quotes doubled. */
const field = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** '2026-03-01 14:05:09': UTC, in the form spreadsheet programs read as a date and time. */
const csvDate = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** An amount as the number it is ('42.5'), which spreadsheet programs read as a number. */
function csvCell(row: ReportRow, column: ReportColumn): string {
  if (column.amount)
    return row.itemTotal === null || row.itemTotal === undefined ? '' : String(row.itemTotal);
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  return field(column.date ? csvDate(value) : neutraliseFormula(value));
}

function csvLine(row: ReportRow): string {
  return `${reportColumns.map((column) => csvCell(row, column)).join(',')}\r\n`;
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
