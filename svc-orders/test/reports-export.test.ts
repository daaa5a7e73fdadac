import { Readable } from 'node:stream';
import csvParser from 'csv-parser';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryName } from '@onvelope/contracts';
import { pdfRowLimitMessage } from '../src/export/pdf-writer.js';
import {
  manyOrders,
  sellerAOrders,
  sellerBOrders,
  startReportsHarness,
  type ReportsHarness,
} from './reports-support.js';

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function csvRecords(bytes: Buffer): Promise<Record<string, string>[]> {
  const records: Record<string, string>[] = [];
  // The byte-order mark is for spreadsheet programs; csv-parser would take it as part of the first header.
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  for await (const record of Readable.from([text]).pipe(csvParser())) {
    records.push(record as Record<string, string>);
  }
  return records;
}

async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

async function worksheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no worksheet');
  return sheet;
}

describe('report export', () => {
  let harness: ReportsHarness;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;
  let tokenBig: string;

  beforeAll(async () => {
    harness = await startReportsHarness();
    await harness.insert('export-seller-a', sellerAOrders);
    await harness.insert('export-seller-b', sellerBOrders);
    await harness.insert('export-seller-c', manyOrders(250));
    tokenA = await harness.issuer.merchantToken('export-seller-a');
    tokenB = await harness.issuer.merchantToken('export-seller-b');
    tokenC = await harness.issuer.merchantToken('export-seller-c');
    tokenBig = await harness.issuer.merchantToken('export-seller-big');
  });
  afterAll(() => harness?.close());

  async function download(token: string, body: unknown): Promise<Download> {
    const response = await fetch(`${harness.orders.url}/api/reports/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  it.each([
    ['csv', 'text/csv; charset=utf-8'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pdf', 'application/pdf'],
  ])(
    'downloads %s as an attachment named with the product and a timestamp',
    async (format, type) => {
      const file = await download(tokenA, { format });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect(file.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="onvelope-report-\\d{8}-\\d{6}\\.${format}"$`),
      );
      expect(file.headers.get('cache-control')).toBe('no-store');
    },
  );

  describe('csv', () => {
    it('is UTF-8 with a byte-order mark and CRLF line ends', async () => {
      const { bytes } = await download(tokenA, { format: 'csv' });
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFFOrder number,First name,Last name,Email,Status,Items,Item total,Currency,Shipping country,Courier,' +
          'Tracking number,Order date (UTC),Shipped date (UTC),Address 1,Address 2,City,State,Zip',
      );
      expect(text.endsWith('\r\n')).toBe(true);
    });

    it('holds every matching order in the order asked for, quoted as RFC 4180 says', async () => {
      const { bytes } = await download(tokenA, {
        format: 'csv',
        sortBy: 'orderNumber',
        sortDir: 'asc',
      });
      const records = await csvRecords(bytes);
      expect(records.map((record) => record['Order number'])).toEqual([
        '#1001',
        '#1002',
        '#1003',
        '2001',
      ]);
      expect(records[0]).toEqual({
        'Order number': '#1001',
        'First name': 'Ada',
        'Last name': 'Lovelace',
        Email: 'ada@example.com',
        Status: 'shipped',
        Items: 'Blue mug, "large"',
        // The order came without amounts: no total, and no currency to read one in.
        'Item total': '',
        Currency: '',
        'Shipping country': 'United Kingdom',
        Courier: 'Royal Mail',
        'Tracking number': 'RM123456789GB',
        'Order date (UTC)': '2026-02-28 08:30:00',
        'Shipped date (UTC)': '2026-03-02 09:00:00',
        'Address 1': '12 St James Square',
        'Address 2': 'Flat 2',
        City: 'London',
        State: 'Greater London',
        Zip: 'SW1Y 4JH',
      });
      expect(bytes.toString('utf8')).toContain(',"Blue mug, ""large""",');
    });

    it('writes the postcode of an order imported from a CSV file in the Zip column', async () => {
      const records = await csvRecords(
        (await download(tokenA, { format: 'csv', orderNumber: '2001' })).bytes,
      );
      expect(records.map((record) => record.Zip)).toEqual(['10115']);
    });

    it('neutralises cells that would start a formula', async () => {
      const records = await csvRecords(
        (await download(tokenA, { format: 'csv', orderNumber: '#1003' })).bytes,
      );
      expect(records[0]).toMatchObject({
        'First name': `'=HYPERLINK("http://evil.example","click")`,
        'Last name': "'+SUM(1,2)",
        Email: "'@evil.example",
        Items: "'-2+3",
        'Address 1': "'\tTab Street",
        'Address 2': "'\rReturn Road",
      });
    });

    it('applies the filters of the search', async () => {
      const records = await csvRecords(
        (await download(tokenA, { format: 'csv', shippingCountryContains: 'united' })).bytes,
      );
      expect(records.map((record) => record['Order number'])).toEqual(['#1002', '#1001']);
    });

    it('names a country as the seller and buyer screens do, from contracts', async () => {
      const records = await csvRecords(
        (await download(tokenA, { format: 'csv', orderNumber: '#1002' })).bytes,
      );
      expect(records.map((record) => record['Shipping country'])).toEqual([countryName('us')]);
      expect(countryName('us')).toBe('United States');
    });

    it('answers only the header when nothing matches', async () => {
      const { status, bytes } = await download(tokenA, { format: 'csv', email: 'nobody' });
      expect(status).toBe(200);
      expect(await csvRecords(bytes)).toEqual([]);
    });
  });

  describe('xlsx', () => {
    it('has a bold, frozen header row and sensible column widths', async () => {
      const sheet = await worksheetOf((await download(tokenA, { format: 'xlsx' })).bytes);
      const header = sheet.getRow(1);
      expect(header.getCell(1).value).toBe('Order number');
      expect(header.getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getColumn(4).width).toBe(28);
      expect(sheet.rowCount).toBe(1 + sellerAOrders.length);
    });

    it('writes dates as real dates with a date format', async () => {
      const sheet = await worksheetOf(
        (await download(tokenA, { format: 'xlsx', orderNumber: '#1001' })).bytes,
      );
      const orderDate = sheet.getRow(2).getCell(12);
      expect(orderDate.value).toEqual(new Date('2026-02-28T08:30:00Z'));
      expect(orderDate.numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(sheet.getRow(2).getCell(9).value).toBe('United Kingdom');
    });

    it('neutralises cells that would start a formula', async () => {
      const sheet = await worksheetOf(
        (await download(tokenA, { format: 'xlsx', orderNumber: '#1003' })).bytes,
      );
      const row = sheet.getRow(2);
      expect([2, 3, 4, 6, 14].map((column) => row.getCell(column).value)).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        "'+SUM(1,2)",
        "'@evil.example",
        "'-2+3",
        "'\tTab Street",
      ]);
      // XML turns a stored carriage return into a line feed when read back; the quote still leads.
      expect(row.getCell(15).value).toMatch(/^'[\r\n]Return Road$/);
      expect(row.getCell(2).formula).toBeUndefined();
    });
  });

  describe('pdf', () => {
    it('has a title with the filters and the time, the header and page numbers on every page', async () => {
      const { bytes } = await download(tokenC, {
        format: 'pdf',
        status: 'pending',
        sortBy: 'orderNumber',
        sortDir: 'asc',
      });
      const pages = await pdfPages(bytes);
      // 38 rows under the title on page 1, then 42 a page: 250 rows make 7 pages.
      expect(pages).toHaveLength(7);
      expect(pages[0]).toContain('ONVELOPE order report');
      expect(pages[0]).toContain('Filters: status pending (sorted by orderNumber ascending)');
      expect(pages[0]).toMatch(
        /Generated \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC · 250 orders/,
      );
      pages.forEach((text, index) => {
        expect(text).toContain('Order');
        expect(text).toContain('Tracking number');
        expect(text).toContain(`Page ${index + 1} of 7`);
      });
      expect(pages[0]).toContain('M-00000');
      expect(pages[6]).toContain('M-00249');
    });

    it('shows the full country name and en-US dates', async () => {
      const [page] = await pdfPages((await download(tokenA, { format: 'pdf' })).bytes);
      expect(page).toContain('United Kingdom');
      expect(page).toContain('United States');
      expect(page).not.toContain('United States of America');
      expect(page).toContain('2/28/2026');
      expect(page).toContain('Page 1 of 1');
    });

    it('says so on its one page when nothing matches', async () => {
      const pages = await pdfPages((await download(tokenA, { format: 'pdf', q: 'none' })).bytes);
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('No orders match these filters.');
    });

    it('refuses more than 10,000 rows with a JSON error, before any byte of a file', async () => {
      await harness.insert('export-seller-big', manyOrders(10_001, 'B-'));
      const response = await fetch(`${harness.orders.url}/api/reports/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenBig}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'pdf' }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(await response.json()).toEqual({
        error: pdfRowLimitMessage,
        details: [{ path: 'body.format', message: 'More than 10,000 orders match these filters.' }],
      });
      expect(pdfRowLimitMessage).toBe(
        'PDF export is limited to 10,000 rows; narrow the filters or choose CSV or Excel.',
      );
    });
  });

  it('refuses an unknown format or a bad filter with a JSON error naming the field', async () => {
    const format = await download(tokenA, { format: 'docx' });
    expect(format.status).toBe(400);
    expect(JSON.parse(format.bytes.toString())).toMatchObject({
      error: 'Validation failed',
      details: [{ path: 'body.format', message: 'format must be csv, xlsx or pdf' }],
    });
    const dates = await download(tokenA, {
      format: 'csv',
      createdFrom: '2026-03-02',
      createdTo: '2026-03-01',
    });
    expect(dates.status).toBe(400);
    expect(JSON.parse(dates.bytes.toString()).details).toEqual([
      { path: 'body.createdFrom', message: 'createdFrom must not be after createdTo' },
    ]);
  });

  it("never puts another seller's orders in an export, in any format", async () => {
    const csv = await csvRecords((await download(tokenB, { format: 'csv' })).bytes);
    expect(csv.map((record) => record.Email)).toEqual(['eve@other.example']);

    const sheet = await worksheetOf((await download(tokenB, { format: 'xlsx' })).bytes);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(4).value).toBe('eve@other.example');

    const [page] = await pdfPages((await download(tokenB, { format: 'pdf' })).bytes);
    expect(page).toContain('eve@other.example');
    expect(page).not.toContain('ada@example.com');

    const forA = (await download(tokenA, { format: 'csv' })).bytes.toString('utf8');
    expect(forA).not.toContain('eve@other.example');
  });
});
