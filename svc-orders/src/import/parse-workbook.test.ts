import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createFileRowReader } from './parse-file.js';
import { workbookMessages, workbookRowsOf } from './parse-workbook.js';

/** A file's bytes as an upload delivers them: in pieces. */
async function* piecesOf(bytes: Buffer, size = 4096) {
  for (let start = 0; start < bytes.length; start += size)
    yield bytes.subarray(start, start + size);
}

async function rowsOf(bytes: Buffer) {
  const rows: string[][] = [];
  for await (const row of workbookRowsOf(piecesOf(bytes))) rows.push(row);
  return rows;
}

/** An Excel 97-2003 workbook (.xls, BIFF8) of these sheets, as SheetJS's writer makes it. */
function xlsOf(...sheets: unknown[][][]): Buffer {
  const workbook = XLSX.utils.book_new();
  sheets.forEach((rows, index) =>
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), `Sheet${index + 1}`),
  );
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

describe('workbookRowsOf', () => {
  it("reads an .xls of a Shopify export's rows as the import reads the CSV", async () => {
    const csv = readFileSync(
      new URL('../../test/fixtures/store-exports/shopify-orders-export.csv', import.meta.url),
    );
    const csvRows: string[][] = [];
    for await (const row of createFileRowReader().rowsOf(piecesOf(csv))) csvRows.push(row);
    expect(csvRows.length).toBeGreaterThan(3);

    const xls = xlsOf(csvRows);
    expect([...xls.subarray(0, 8)]).toEqual([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    // Trailing empty cells are not stored in a sheet.
    const trimmed = (rows: string[][]) =>
      rows.map((row) => row.slice(0, row.findLastIndex((cell) => cell !== '') + 1));
    expect(trimmed(await rowsOf(xls))).toEqual(trimmed(csvRows));
  });

  it('reads the date, number and text cells of an .xls as those of the same .xlsx', async () => {
    const rows: ExcelJS.CellValue[][] = [
      ['Orders export'],
      [],
      ['Name', 'Created at', 'Paid on', 'Total', 'Zip', 'Quantity', 'Gift'],
      ['#1', new Date('2025-06-07T15:20:00Z'), new Date('2025-06-08T00:00:00Z'), 12.75, 3038, 2],
      ['#2', new Date('1999-12-31T23:59:59Z'), null, 0.1, '03038', 1, true],
    ];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    rows.forEach((row) => sheet.addRow(row));
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const xls = xlsOf(rows.map((row) => row.map((cell) => cell ?? undefined)));

    const fromXls = await rowsOf(xls);
    expect(fromXls).toEqual(await rowsOf(xlsx));
    expect(fromXls[3]).toEqual(['#1', '2025-06-07T15:20:00Z', '2025-06-08', '12.75', '3038', '2']);
  });

  it('reads only the first sheet of an .xls, keeping the numbers of rows the sheet leaves out', async () => {
    const xls = xlsOf(
      [['Name', 'Email'], [], ['#1', 'a@example.test']],
      [['#9', 'not an order sheet']],
    );
    expect(await rowsOf(xls)).toEqual([['Name', 'Email'], [], ['#1', 'a@example.test']]);
  });

  it('refuses an .xls larger than it reads, saying what to upload instead', async () => {
    const xls = xlsOf([
      ['Name', 'Email'],
      ['#1', 'a@example.test'],
    ]);
    const read = async () => {
      const rows: string[][] = [];
      for await (const row of workbookRowsOf(piecesOf(xls), xls.length - 1)) rows.push(row);
      return rows;
    };
    await expect(read()).rejects.toMatchObject({
      status: 400,
      details: [{ message: workbookMessages.xlsTooLarge(xls.length - 1) }],
    });
    expect(workbookMessages.xlsTooLarge(4 * 1024 * 1024)).toMatch(/larger than 4 MB/);
  });
});
