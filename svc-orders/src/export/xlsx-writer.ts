import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportRow } from '@onvelope/contracts';
import { neutraliseFormula } from '../domain/spreadsheet-safety.js';
import { roomIn, reportColumns } from './report-columns.js';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
/** Amounts with two decimals and no symbol: the row's Currency column says which currency. */
const AMOUNT_FORMAT = '#,##0.00';

/** How many rows are committed between two looks at the client's pace. */
const ROWS_PER_CHECK = 200;

/**
 * The report as an Excel workbook, written by exceljs's streaming writer: each row is committed
 * (and leaves memory) as soon as it is added, strings are written inline (no shared-string table
 * that would grow with the report), the header row is bold and frozen, dates are real dates.
 * Rows are read only while the client keeps up (`roomIn`).
 */
export function writeXlsx(rows: AsyncIterable<ReportRow>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = reportColumns.map(({ header, key, width, date, amount }) => ({
    header,
    key,
    width,
    ...(date ? { style: { numFmt: DATE_FORMAT } } : {}),
    ...(amount ? { style: { numFmt: AMOUNT_FORMAT } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const write = async () => {
    let sinceCheck = 0;
    for await (const row of rows) {
      sheet
        .addRow(
          reportColumns.map((column) => {
            // An amount is a number cell, so the seller's spreadsheet can add it up per currency.
            if (column.amount) return row.itemTotal ?? null;
            const value = row[column.key];
            if (value === null || value === undefined) return null;
            return column.date ? new Date(value) : neutraliseFormula(value);
          }),
        )
        .commit();
      if (++sinceCheck >= ROWS_PER_CHECK) {
        sinceCheck = 0;
        // Lets the zip compressor catch up with the rows committed so far before adding more.
        await new Promise((resolve) => setImmediate(resolve));
        await roomIn(out);
        if (out.destroyed) return;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
