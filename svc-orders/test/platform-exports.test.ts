import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSellerCountry, type UploadResult } from '@onvelope/contracts';
import {
  connectDatabase,
  connectNats,
  createLogger,
  serveCommand,
  type NatsConnection,
} from '@onvelope/service-kit';
import {
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startOrdersService } from '../src/index.js';
import { sellerOf, type Caller, type UploadOptions } from './support.js';

/** A platform's export as the seller downloaded it (test/fixtures/exports/SOURCES.md). */
const fixture = (path: string) =>
  readFileSync(new URL(`./fixtures/exports/${path}`, import.meta.url));

const line = (
  name: string,
  quantity: number,
  price: number | null,
  productId: string | null = null,
  option: string | null = null,
) => ({ name, option, productId, imageUrl: null, quantity, price });

describe('importing the exports of other platforms, as sellers download them (issue 39)', () => {
  let issuer: TestIssuer;
  let orders: StartedService;
  let db: Connection;
  let nc: NatsConnection;
  let sellers = 0;

  beforeAll(async () => {
    issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    orders = await startService(startOrdersService, {
      AUTH_JWKS_URL: issuer.url,
      AUTH_COMMAND_TIMEOUT_MS: '500',
    });
    db = await connectDatabase(testInfra().mongoUrl, orders.env.MONGO_DB as string);
    nc = await connectNats(testInfra().natsUrl, 'platform-exports-test');
    serveCommand(
      nc,
      getSellerCountry,
      'svc-auth',
      async () => ({ country: null }),
      createLogger('platform-exports-test', 'silent'),
    );
  });
  afterAll(async () => {
    await orders?.close();
    await nc?.close();
    await db?.close();
    await issuer?.close();
  });

  const seller = () => sellerOf(orders.url, issuer, `platform-seller-${(sellers += 1)}`);
  async function upload(caller: Caller, content: Buffer, options?: UploadOptions) {
    const response = await caller.upload(content, options);
    const body = (await response.json()) as UploadResult;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  }
  const stored = async (caller: Caller) => {
    const docs = await trackingEntryModel(db).find({ accountId: caller.accountId }).lean();
    return new Map(docs.map((doc) => [doc.orderNumber, doc]));
  };

  it('reads a WooCommerce Customer/Order CSV Export re-saved in a spreadsheet', async () => {
    const caller = await seller();
    const result = await upload(
      caller,
      fixture('woocommerce/customer-order-csv-export-resaved.csv'),
    );
    // The two empty rows the spreadsheet left at the end are not orders.
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0 });
    expect(result.assumptions).toContain(
      'Read as a WooCommerce Customer/Order CSV Export: UTF-8 text, comma-separated, dates read month first',
    );
    expect(result.assumptions).toContain(
      '2 US ZIP codes of fewer than five digits had the leading zeros a spreadsheet dropped put back (3038 → 03038)',
    );
    expect(result.warnings[0]?.message).toMatch(/^Columns not used by the import: order_id, /);
    const byNumber = await stored(caller);
    expect(byNumber.get('188')).toMatchObject({
      firstName: 'Sky',
      lastName: 'Walters',
      email: 'sky.walters@example.test',
      postcode: '02134',
      shippingCountry: 'US',
      shippingState: 'MA',
      orderDate: new Date('2016-09-15T03:17:00Z'),
      status: 'shipped',
      orderTotal: 41,
      currency: 'USD',
      itemTotal: 36,
      lineItems: [line('Ninja Hoodie', 1, 30, 'HOOD-N'), line('Woo Logo Sticker', 2, 3, 'STK-1')],
    });
    // Processing (paid, not yet sent) is pending; a ZIP of three digits is padded to five.
    expect(byNumber.get('189')).toMatchObject({
      status: 'pending',
      postcode: '00501',
      shippingAddress2: 'Unit 4',
      personalNote: 'Leave at the door',
    });
    expect(byNumber.get('190')).toMatchObject({ status: 'cancelled', postcode: '90210' });
  });

  it('reads an Amazon Seller Central order report: a tab-separated .txt, prices per row', async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('amazon/order-report.txt'), {
      filename: 'order-report.txt',
      type: 'text/plain',
    });
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, failedRows: 0 });
    expect(result.message).toMatch(
      /^Read as an Amazon Seller Central order report\. Processed 2 orders from 3 line rows/,
    );
    expect(result.assumptions?.[0]).toBe(
      'Read as an Amazon Seller Central order report: UTF-8 text, tab-separated',
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('112-0000001-0000001')).toMatchObject({
      firstName: 'Robin',
      lastName: 'Example',
      email: 'x1y2z3@marketplace.amazon.com',
      postcode: '03060',
      shippingCountry: 'US',
      status: 'pending',
      orderDate: new Date('2024-03-05T10:15:22Z'),
      currency: 'USD',
      // item-price is the row's whole quantity: 84.00 for two sets.
      lineItems: [
        line('Stoneware Mug Set (4)', 2, 42, 'MUG-SET-4'),
        line('Cork Coasters (6)', 1, 12.5, 'COAST-6'),
      ],
      itemTotal: 96.5,
    });
    expect(byNumber.get('302-0000002-0000002')).toMatchObject({
      shippingCountry: 'DE',
      postcode: '10115',
      shippingAddress2: '2. OG',
      currency: 'EUR',
    });
  });

  it('reads eBay Sales History past the line of commas before its header and its closing lines', async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('ebay/sales-history.csv'));
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, failedRows: 0, errors: [] });
    expect(result.assumptions?.[0]).toBe(
      'Read as an eBay Sales History: UTF-8 text, comma-separated, 1 line before the header skipped',
    );
    // Rows are counted as in a spreadsheet: the header is the second line.
    expect(result.warnings[0]).toMatchObject({ row: 2 });
    const byNumber = await stored(caller);
    expect(byNumber.get('1041')).toMatchObject({
      firstName: 'Pat',
      lastName: 'Example',
      email: 'pat.example@example.test',
      postcode: '04101',
      shippingCountry: 'US',
      status: 'shipped',
      orderDate: new Date('2016-03-15T00:00:00Z'),
      shippedAt: new Date('2016-03-17T00:00:00Z'),
      trackingNumber: '9400100000000000000001',
      orderTotal: 28.99,
      lineItems: [line('Loose Leaf Tea Sampler', 1, 24.99, 'TEA-SAMP')],
    });
    expect(byNumber.get('1042')).toMatchObject({
      status: 'pending',
      shippedAt: null,
      lineItems: [line('Enamel Camp Mug', 2, 11.5, 'MUG-EN', '[Colour: Red]')],
    });
  });

  it("reads a UK eBay orders report: 'Post to' columns, an order's item rows, day-first month names", async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('ebay/orders-report-uk.csv'));
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, failedRows: 0, errors: [] });
    const byNumber = await stored(caller);
    expect(byNumber.get('04-11111-22222')).toMatchObject({
      firstName: 'Alice',
      lastName: 'Hart',
      email: 'alice.hart@example.test',
      postcode: 'YO1 7HH',
      shippingCountry: 'GB',
      shippingState: 'North Yorkshire',
      status: 'shipped',
      orderDate: new Date('2025-07-21T00:00:00Z'),
      shippedAt: new Date('2025-07-22T00:00:00Z'),
      trackingNumber: 'RM123456785GB',
      orderTotal: 32.7,
      lineItems: [
        line('Brass Bookmark', 2, 9.5, 'BM-BR'),
        line('Linen Notebook', 1, 10.5, 'NB-LN', '[Colour: Sage]'),
      ],
    });
    expect(byNumber.get('24-33333-44444')).toMatchObject({
      status: 'pending',
      personalNote: 'Please post flat',
      shippingAddress2: 'Apartment 3',
    });
  });

  it('reads a ShipStation orders export: statuses, shipped dates, carriers and padded ZIPs', async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('shipstation/orders-export.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0 });
    const byNumber = await stored(caller);
    expect(byNumber.get('SS-1001')).toMatchObject({
      firstName: 'Morgan',
      lastName: 'Lee',
      email: 'morgan.lee@example.test',
      postcode: '07102',
      status: 'shipped',
      orderDate: new Date('2024-01-05T10:23:00Z'),
      shippedAt: new Date('2024-01-06T14:10:00Z'),
      trackingNumber: '9405500000000000000011',
      orderTotal: 29.5,
      lineItems: [
        line('Canvas Tote', 1, 18, 'TOTE-CV', 'Color: Natural'),
        line('Pin Badge', 2, 3, 'PIN-1'),
      ],
    });
    expect(byNumber.get('SS-1002')).toMatchObject({
      status: 'pending',
      shippingCountry: 'CA',
      postcode: 'M5V 1J2',
      personalNote: 'Gift - no invoice please',
    });
    expect(byNumber.get('SS-1003')).toMatchObject({ status: 'cancelled', postcode: '06103' });
  });

  it("reads Temu's German export: 'Uhr' dates with their zone, decimal commas, statuses by meaning", async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('temu/bestellungen-de.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0 });
    const byNumber = await stored(caller);
    expect(byNumber.get('PO-076-00000000000001')).toMatchObject({
      firstName: 'Lena',
      lastName: 'Muster',
      email: 'lena.m.0001@temu-mail.example',
      postcode: '01067',
      shippingCity: 'München',
      shippingCountry: 'DE',
      status: 'shipped',
      // 10:32 CET (UTC+1).
      orderDate: new Date('2025-01-15T09:32:00Z'),
      lineItems: [
        line('Thermobecher Edelstahl 500 ml', 2, 15, 'TB-500-S', 'Schwarz'),
        line('Trinkhalme Glas (6 Stück)', 1, 8.5, 'TH-6'),
      ],
      itemTotal: 38.5,
    });
    expect(byNumber.get('PO-076-00000000000002')).toMatchObject({
      status: 'pending',
      shippingCountry: 'AT',
      postcode: '1010',
      orderDate: new Date('2025-03-03T17:05:00Z'),
    });
    expect(byNumber.get('PO-076-00000000000003')).toMatchObject({
      status: 'cancelled',
      orderDate: new Date('2025-04-07T07:15:00Z'),
    });
  });

  it('reads a Wix export saved in Windows-1252, and says it converted it', async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('wix/orders-windows-1252.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0 });
    expect(result.assumptions?.[0]).toBe(
      'Read as a Wix orders export: Windows-1252 text, converted, comma-separated',
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('10057')).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Müller',
      email: 'zoe.muller@example.test',
      postcode: '75004',
      shippingCountry: 'FR',
      shippingAddress1: "12 Rue de l'Église",
      status: 'shipped',
      orderDate: new Date('2024-02-03T00:00:00Z'),
      orderTotal: 24.5,
      currency: 'EUR',
      personalNote: 'Merci beaucoup !',
      lineItems: [line('Café crème mug', 1, 18, 'MUG-CC-B', 'Bleu')],
    });
    expect(byNumber.get('10058')).toMatchObject({
      status: 'pending',
      postcode: '1100-053',
      lineItems: [
        line('Café crème mug', 2, 18, 'MUG-CC-V', 'Vert'),
        line('Sous-verre liège', 1, 0, 'COAST-L'),
      ],
    });
    expect(byNumber.get('10059')).toMatchObject({ status: 'cancelled', postcode: '10004' });
  });

  it('reads an Ecwid export: a partially refunded order keeps its delivery status', async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('ecwid/orders-export.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0 });
    const byNumber = await stored(caller);
    expect(byNumber.get('1187')).toMatchObject({
      firstName: 'Ines',
      lastName: 'Ortega',
      email: 'ines.ortega@example.test',
      status: 'pending',
      orderDate: new Date('2024-05-02T14:03:11Z'),
      currency: 'USD',
      orderTotal: 46,
      personalNote: 'Water sparingly',
      lineItems: [
        line('Ceramic Planter', 2, 18, 'PLNT-M', 'Size: M'),
        line('Plant Mister', 1, 5, 'MIST-1'),
      ],
    });
    expect(byNumber.get('1188')).toMatchObject({ status: 'shipped', postcode: '02108' });
    expect(byNumber.get('1189')).toMatchObject({ status: 'delivered' });
  });

  it("reads an Etsy export in a UK shop's British wording: buyer, address, postcode and posted date", async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('etsy/uk-sold-order-items.csv'));
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, failedRows: 0 });
    const byNumber = await stored(caller);
    expect(byNumber.get('3190000001')).toMatchObject({
      firstName: 'Rosie',
      lastName: 'Reader',
      shippingAddress1: '4 Rose Lane',
      shippingCity: 'Bath',
      shippingState: 'Somerset',
      postcode: 'BA1 1AA',
      shippingCountry: 'GB',
      status: 'shipped',
      orderDate: new Date('2024-02-14T00:00:00Z'),
      shippedAt: new Date('2024-02-15T00:00:00Z'),
      currency: 'GBP',
      lineItems: [
        line('Hand-stitched Bookmark', 2, 6.5, 'BKM-R', 'Colour:Red'),
        line('Wax Seal Kit', 1, 14, 'WAX-1'),
      ],
    });
    expect(byNumber.get('3190000002')).toMatchObject({
      status: 'pending',
      postcode: '20095',
      shippingCountry: 'DE',
    });
  });

  it("reads Shopify in pesos: zips without Shopify's apostrophe, partially refunded is not cancelled", async () => {
    const caller = await seller();
    const result = await upload(caller, fixture('shopify/orders-ars-apostrophe-zips.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0 });
    expect(result.assumptions).toContain(
      "A leading apostrophe (a spreadsheet's mark for text) was taken off 3 numbers ('03038 → 03038)",
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('#2201')).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Fernández',
      email: 'lucia.fernandez@example.test',
      postcode: '01043',
      shippingCountry: 'AR',
      status: 'shipped',
      orderTotal: 20500,
      itemTotal: 18000,
      currency: 'ARS',
      orderDate: new Date('2025-06-02T13:58:41Z'),
    });
    expect(byNumber.get('#2202')).toMatchObject({
      status: 'shipped',
      postcode: '03038',
      shippingCountry: 'US',
      orderTotal: 27000,
      lineItems: [line('Bombilla de alpaca', 2, 12000, 'BOMB-1')],
    });
    expect(byNumber.get('#2203')).toMatchObject({ status: 'pending', postcode: '01900' });
  });

  it("reads an Excel workbook's first sheet, past a title row, with its date and number cells", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    sheet.addRow(['Orders export, June 2025']);
    sheet.addRow([]);
    sheet.addRow([
      'Name',
      'Email',
      'Financial Status',
      'Fulfillment Status',
      'Currency',
      'Total',
      'Created at',
      'Lineitem quantity',
      'Lineitem name',
      'Lineitem price',
      'Shipping Name',
      'Shipping Zip',
      'Shipping Country',
    ]);
    sheet.addRow([
      '#3001',
      'ray.gun@example.test',
      'paid',
      'unfulfilled',
      'USD',
      31.5,
      new Date('2025-06-07T15:20:00Z'),
      2,
      'Tin Robot',
      12.75,
      'Ray Gun',
      3038,
      'US',
    ]);
    sheet.addRow(['#3001', '', '', '', '', '', '', 1, 'Key', 6]);
    workbook.addWorksheet('Notes').addRow(['#9999', 'not an order sheet', 'x']);
    const caller = await seller();
    const result = await upload(caller, Buffer.from(await workbook.xlsx.writeBuffer()), {
      filename: 'orders.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(result).toMatchObject({ totalRows: 1, successfulRows: 1, failedRows: 0 });
    expect(result.assumptions?.[0]).toBe(
      'Read as a Shopify orders export: the first sheet of an Excel workbook, 2 rows before the header skipped',
    );
    const byNumber = await stored(caller);
    expect([...byNumber.keys()]).toEqual(['#3001']);
    expect(byNumber.get('#3001')).toMatchObject({
      firstName: 'Ray',
      lastName: 'Gun',
      email: 'ray.gun@example.test',
      postcode: '03038',
      shippingCountry: 'US',
      status: 'pending',
      orderDate: new Date('2025-06-07T15:20:00Z'),
      currency: 'USD',
      orderTotal: 31.5,
      lineItems: [line('Tin Robot', 2, 12.75), line('Key', 1, 6)],
    });
  });
});
