import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@onvelope/contracts';
import { writeCsv } from './csv-writer.js';
import { writePdf } from './pdf-writer.js';
import { writeXlsx } from './xlsx-writer.js';

const rowOf = (orderNumber: string, fields: Partial<ReportRow>): ReportRow => ({
  id: orderNumber,
  orderNumber,
  customerFirstName: 'Ada',
  customerLastName: 'Lovelace',
  customerEmail: 'ada@example.com',
  status: 'pending',
  items: '1 x Mug',
  shippingCountry: 'United States',
  courier: null,
  trackingNumber: null,
  orderDate: null,
  shippedAt: null,
  shippingAddress1: null,
  shippingAddress2: null,
  shippingCity: null,
  shippingState: null,
  shippingZip: null,
  ...fields,
});

// A dollar order, a yen order, and one imported without a currency.
const rows = [
  rowOf('D-1', { itemTotal: 1234.5, currency: 'USD' }),
  rowOf('Y-1', { itemTotal: 1500, currency: 'JPY' }),
  rowOf('N-1', { itemTotal: 12, currency: null }),
];
async function* rowsOf() {
  yield* rows;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('report files (issue 38 item 4)', () => {
  it('write each total as a number with its currency in the column beside it, in csv', async () => {
    const lines = (await bytesOf(writeCsv(rowsOf()))).toString('utf8').split('\r\n');
    expect(lines[0]).toContain(',Items,Item total,Currency,');
    expect(lines[1]).toContain(',1 x Mug,1234.5,USD,');
    expect(lines[2]).toContain(',1 x Mug,1500,JPY,');
    expect(lines[3]).toContain(',1 x Mug,12,,');
  });

  it('write each total as a number cell, never summed across currencies, in xlsx', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(writeXlsx(rowsOf()))) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const total = header.indexOf('Item total');
    expect(header[total + 1]).toBe('Currency');
    expect(sheet.getRow(2).getCell(total).value).toBe(1234.5);
    expect(sheet.getRow(2).getCell(total + 1).value).toBe('USD');
    expect(sheet.getRow(3).getCell(total + 1).value).toBe('JPY');
    expect(sheet.getRow(4).getCell(total + 1).value).toBeNull();
    expect(sheet.getColumn(total).numFmt).toBe('#,##0.00');
  });

  it("write each total in its currency's decimals next to its code, in pdf", async () => {
    const bytes = await bytesOf(
      writePdf(rowsOf(), { description: 'All orders', generatedAt: new Date(), total: 3 }),
    );
    const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    await pdf.destroy();
    expect(text).toContain('Total');
    expect(text).toContain('Currency');
    expect(text).toMatch(/1,234\.50\s+USD/);
    expect(text).toMatch(/1,500\s+JPY/);
    expect(text).toContain('12.00');
  });
});
