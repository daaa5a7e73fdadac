import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { ordersMessages, workbookKindOfHead } from '@onvelope/contracts';
import { badRequest } from '@onvelope/service-kit/errors';

/**
 * The largest .xls the import reads. SheetJS holds a whole .xls and its cells while it reads it:
 * a 4.1 MB one (5,000 orders of 30 columns) took 106 MB of heap at its peak, within the import
 * thread's 128 MB (svc-orders README, "Supported exports"); a larger one would end the thread.
 */
export const XLS_MAX_BYTES = 4 * 1024 * 1024;

export const workbookMessages = {
  xlsTooLarge: (maxBytes: number) =>
    `The .xls (Excel 97-2003) file is larger than ${maxBytes / 1024 / 1024} MB, the most the import reads of that old format; save it as an Excel Workbook (.xlsx) or as CSV UTF-8 and upload that`,
} as const;

/**
 * A cell of a workbook as the text a CSV export of it would hold: dates as ISO dates (a date
 * without a time as the day alone), numbers as written, rich text, hyperlinks and formulas by
 * their text or result.
 */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return value.result === undefined ? '' : textOf(value.result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return textOf(value.text as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

/**
 * The rows of an .xlsx workbook's first sheet, read with exceljs's streaming reader as the file
 * arrives (the sheet's rows are never all in memory; its shared strings are, as an .xlsx needs
 * them).
 */
async function* xlsxRowsOf(file: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // The number formats say which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of workbook) {
    let last = 0;
    for await (const row of sheet) {
      for (last += 1; last < row.number; last += 1) yield [];
      const values = row.values as ExcelJS.CellValue[];
      yield Array.from({ length: Math.max(values.length - 1, 0) }, (_, index) =>
        textOf(values[index + 1]),
      );
    }
    // The first sheet only: the rest of the file is not read.
    return;
  }
}

/**
 * The rows of an .xls workbook's (Excel 97-2003, BIFF8) first sheet, read with SheetJS. An .xls
 * is one compound file whose parts may come in any order, so it is read whole, up to `maxBytes`.
 * Only the first sheet is parsed, into rows of plain cells (no formatted text,
 * styles or formulas), and each row is let go once it is out. Dates are the cells the sheet
 * formats as dates, read as UTC, as the .xlsx reader gives them.
 */
async function* xlsRowsOf(file: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<string[]> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of file) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      throw badRequest(ordersMessages.parseFailed, [
        { message: workbookMessages.xlsTooLarge(maxBytes) },
      ]);
    }
    chunks.push(chunk);
  }
  const workbook = XLSX.read(Buffer.concat(chunks), {
    type: 'buffer',
    dense: true,
    sheets: 0,
    cellDates: true,
    cellText: false,
    cellHTML: false,
    cellFormula: false,
  });
  chunks.length = 0;
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''] as XLSX.DenseSheet | undefined;
  const rows = sheet?.['!data'] ?? [];
  for (let index = 0; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    rows[index] = [];
    yield Array.from(cells, (cell) =>
      cell?.v === undefined || cell.t === 'e' ? '' : textOf(cell.v),
    );
  }
}

/**
 * The rows of an Excel workbook's first sheet as text cells, an .xlsx (a zip archive) or an .xls
 * (an OLE2 compound file) told by its first bytes. Rows the sheet leaves out (blank ones) come as
 * empty rows, so rows keep their sheet numbers; each cell reads as `textOf` says. An .xls over
 * `xlsMaxBytes` is refused (400) in plain words.
 */
export async function* workbookRowsOf(
  file: AsyncIterable<Buffer>,
  xlsMaxBytes = XLS_MAX_BYTES,
): AsyncGenerator<string[]> {
  const source = file[Symbol.asyncIterator]();
  const first = await source.next();
  if (first.done) return;
  const chunks = (async function* () {
    yield first.value;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      yield next.value;
    }
  })();
  if (workbookKindOfHead(first.value) === 'xls') yield* xlsRowsOf(chunks, xlsMaxBytes);
  else yield* xlsxRowsOf(chunks);
}
