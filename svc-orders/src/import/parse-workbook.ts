import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

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
 * The rows of an Excel workbook's (.xlsx) first sheet as text cells, read with exceljs's streaming
 * reader as the file arrives (the sheet's rows are never all in memory; its shared strings are, as
 * an .xlsx needs them). Rows the sheet leaves out (blank ones) come as empty rows, so rows keep
 * their sheet numbers.
 */
export async function* workbookRowsOf(file: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
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
