import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSellerCountry } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { serveCommand } from '@onvelope/service-kit/nats';
import { ambiguousCurrency } from '../src/import/marketplace-exports.js';
import { useOrdersHarness } from './service-harness.js';
import { importFile, storedOrdersOf, type Caller } from './support.js';

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
  const orders = useOrdersHarness({ env: { AUTH_COMMAND_TIMEOUT_MS: '500' } });
  let sellers = 0;

  beforeAll(async () => {
    serveCommand(
      orders.nc,
      getSellerCountry,
      'svc-auth',
      async () => ({ country: null }),
      createLogger('platform-exports-test', 'silent'),
    );
    // The server has the subscription before the first import asks.
    await orders.nc.flush();
  });

  const seller = () => orders.seller(`platform-seller-${(sellers += 1)}`);
  const stored = (caller: Caller) => storedOrdersOf(orders.db, caller);

  it('reads a WooCommerce Customer/Order CSV Export re-saved in a spreadsheet', async () => {
    const caller = await seller();
    const result = await importFile(
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
    const result = await importFile(caller, fixture('amazon/order-report.txt'), {
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
    const result = await importFile(caller, fixture('ebay/sales-history.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0, errors: [] });
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
      // No currency column: '$' and the buyer's country (United States) say US dollars.
      currency: 'USD',
      lineItems: [line('Loose Leaf Tea Sampler', 1, 24.99, 'TEA-SAMP')],
    });
    expect(byNumber.get('1042')).toMatchObject({
      status: 'pending',
      shippedAt: null,
      orderTotal: 26.5,
      currency: 'USD',
      lineItems: [line('Enamel Camp Mug', 2, 11.5, 'MUG-EN', '[Colour: Red]')],
    });
    // A buyer in the UK paying in '$': which dollar, the file does not say.
    expect(byNumber.get('1043')).toMatchObject({
      postcode: 'LS1 4AP',
      shippingCountry: 'GB',
      orderTotal: 31,
      currency: null,
    });
    expect(result.warnings).toContainEqual({ row: 5, message: ambiguousCurrency('$31.00', '$') });
  });

  it("reads a UK eBay orders report: 'Post to' columns, an order's item rows, day-first month names", async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('ebay/orders-report-uk.csv'));
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
      // No currency column: '£' says pounds.
      currency: 'GBP',
      lineItems: [
        line('Brass Bookmark', 2, 9.5, 'BM-BR'),
        line('Linen Notebook', 1, 10.5, 'NB-LN', '[Colour: Sage]'),
      ],
    });
    expect(byNumber.get('24-33333-44444')).toMatchObject({
      status: 'pending',
      personalNote: 'Please post flat',
      shippingAddress2: 'Apartment 3',
      orderTotal: 13.3,
      currency: 'GBP',
    });
  });

  it('reads a ShipStation orders export: statuses, shipped dates, carriers and padded ZIPs', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('shipstation/orders-export.csv'));
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
    const result = await importFile(caller, fixture('temu/bestellungen-de.csv'));
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
      // No currency column: '30,00€' says euros.
      currency: 'EUR',
    });
    expect(byNumber.get('PO-076-00000000000002')).toMatchObject({
      status: 'pending',
      shippingCountry: 'AT',
      postcode: '1010',
      orderDate: new Date('2025-03-03T17:05:00Z'),
      currency: 'EUR',
    });
    expect(byNumber.get('PO-076-00000000000003')).toMatchObject({
      status: 'cancelled',
      orderDate: new Date('2025-04-07T07:15:00Z'),
    });
  });

  it("reads Temu's English export: its own columns, zoned dates, '$' decided by the country", async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('temu/orders-en.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, failedRows: 0, errors: [] });
    expect(result.message).toMatch(
      /^Read as a Temu orders export\. Processed 3 orders from 4 line rows/,
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('PO-211-00000000000101')).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Sample',
      email: 'jordan.s.0101@temu-mail.example',
      shippingAddress1: '14 Elm Street',
      shippingAddress2: 'Unit 2',
      shippingCity: 'Boston',
      shippingState: 'MA',
      postcode: '02134',
      shippingCountry: 'US',
      status: 'shipped',
      courier: 'USPS',
      trackingNumber: '9400111200000000000101',
      // 10:32 PST (UTC-8).
      orderDate: new Date('2025-01-15T18:32:00Z'),
      currency: 'USD',
      // The retail price total is the row's quantity's: 25.98 for two tumblers.
      lineItems: [
        line('Insulated Tumbler Stainless Steel 20 oz', 2, 12.99, 'TMB-20-BK', 'Black'),
        line('Glass Straws Reusable (6 pack)', 1, 6.49, 'STR-6'),
      ],
      itemTotal: 32.47,
    });
    expect(byNumber.get('PO-211-00000000000102')).toMatchObject({
      status: 'pending',
      shippingCountry: 'CA',
      postcode: 'M5V 1J2',
      orderDate: new Date('2025-03-03T23:05:00Z'),
      // '$' on an order to Canada: Canadian dollars.
      currency: 'CAD',
      lineItems: [line('Insulated Tumbler Stainless Steel 20 oz', 1, 16.99, 'TMB-20-WH', 'White')],
    });
    expect(byNumber.get('PO-211-00000000000103')).toMatchObject({
      status: 'cancelled',
      postcode: '04101',
      currency: 'USD',
      orderDate: new Date('2025-04-07T16:15:00Z'),
    });
  });

  it('reads a Wix export saved in Windows-1252, and says it converted it', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('wix/orders-windows-1252.csv'));
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
    const result = await importFile(caller, fixture('ecwid/orders-export.csv'));
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
    const result = await importFile(caller, fixture('etsy/uk-sold-order-items.csv'));
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
    const result = await importFile(caller, fixture('shopify/orders-ars-apostrophe-zips.csv'));
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
    const result = await importFile(caller, Buffer.from(await workbook.xlsx.writeBuffer()), {
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
  it('reads an .xls (Excel 97-2003) of a Shopify export as the same orders as its CSV', async () => {
    const csv = readFileSync(
      new URL('./fixtures/store-exports/shopify-orders-export.csv', import.meta.url),
    );
    // The CSV's rows in a workbook as a spreadsheet keeps them: text as text, prices as numbers.
    const rows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(csv.toString('utf8'), { type: 'string', raw: true, dense: true }).Sheets.Sheet1!,
      { header: 1, raw: true, defval: '' },
    );
    const cells = rows.map((row) =>
      row.map((cell) => (/^-?\d+\.\d+$/.test(cell) ? Number(cell) : cell)),
    );
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(cells), 'orders_export');
    const xls = XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;

    const fromCsv = await seller();
    const fromXls = await seller();
    const csvResult = await importFile(fromCsv, csv);
    const xlsResult = await importFile(fromXls, xls, {
      filename: 'orders_export.xls',
      type: 'application/vnd.ms-excel',
    });
    expect(xlsResult.assumptions?.[0]).toBe(
      'Read as a Shopify orders export: the first sheet of an Excel workbook',
    );
    expect(xlsResult).toMatchObject({
      totalRows: csvResult.totalRows,
      successfulRows: csvResult.successfulRows,
      failedRows: 0,
      message: csvResult.message,
    });
    // What is the seller's own (the account, its keys, the times written) differs; the order does not.
    const orderOf = ({
      _id,
      accountId,
      orderKey,
      createdAt,
      updatedAt,
      ...order
    }: Record<string, unknown>) => order;
    const csvOrders = [...(await stored(fromCsv)).values()].map(orderOf);
    const xlsOrders = [...(await stored(fromXls)).values()].map(orderOf);
    expect(xlsOrders.length).toBeGreaterThan(2);
    expect(xlsOrders).toEqual(csvOrders);
  });

  describe('a Royal Mail Click & Drop export', () => {
    /** A file of the seller's own orders, as the template writes them. */
    const csvOf = (...rows: string[]) =>
      Buffer.from(
        [
          'orderNumber,firstName,lastName,email,postcode,shippingAddress1,shippingCity,shippingCountry,status',
          ...rows,
        ].join('\r\n'),
      );

    it("adds tracking to the seller's orders: shipped by Royal Mail on the despatch date, buyer untouched", async () => {
      const caller = await seller();
      await importFile(
        caller,
        csvOf(
          'R-1001,Ivy,Original,ivy@example.test,BS2 0AA,7 First Avenue,Bristol,GB,pending',
          'R-1002,Noah,Buyer,noah@example.test,LS2 9JT,3 Park Row,Leeds,GB,pending',
          'R-1003,Mia,Waiting,mia@example.test,YO1 8AA,2 Gate Street,York,GB,pending',
        ),
      );
      const before = await stored(caller);

      const result = await importFile(caller, fixture('royal-mail/click-and-drop-export.csv'));
      expect(result.message).toBe(
        'Read as a Royal Mail Click & Drop export (tracking numbers added to your orders). ' +
          'Processed 4 orders: 2 imported (0 new, 2 updated), 1 skipped, 1 failed.',
      );
      // R-1004 is no order of this seller's: nothing is made of it.
      expect(result.errors).toEqual([{ row: 5, errors: ['No order R-1004 to add tracking to'] }]);
      const after = await stored(caller);
      expect([...after.keys()].sort()).toEqual(['R-1001', 'R-1002', 'R-1003']);
      expect(after.get('R-1001')).toMatchObject({
        courier: 'Royal Mail',
        trackingNumber: 'TT123456785GB',
        status: 'shipped',
        shippedAt: new Date('2025-07-15T00:00:00Z'),
      });
      // 'Royal Mail 1st Class' is the service; the courier is Royal Mail.
      expect(after.get('R-1002')).toMatchObject({
        courier: 'Royal Mail',
        trackingNumber: 'AB987654321GB',
        status: 'shipped',
        shippedAt: new Date('2025-07-16T00:00:00Z'),
      });
      // The label's recipient and address are not the order's buyer: nothing else changed.
      const buyerOf = (order: Record<string, unknown> | undefined) => ({
        firstName: order?.firstName,
        lastName: order?.lastName,
        customerName: order?.customerName,
        email: order?.email,
        postcode: order?.postcode,
        shippingAddress1: order?.shippingAddress1,
        shippingAddress2: order?.shippingAddress2,
        shippingCity: order?.shippingCity,
        shippingState: order?.shippingState,
        shippingCountry: order?.shippingCountry,
        orderDate: order?.orderDate,
      });
      for (const number of ['R-1001', 'R-1002', 'R-1003']) {
        expect(buyerOf(after.get(number))).toEqual(buyerOf(before.get(number)));
      }
      expect(after.get('R-1001')).toMatchObject({ firstName: 'Ivy', postcode: 'BS2 0AA' });
      // A label not yet made changes nothing.
      expect(after.get('R-1003')).toMatchObject({
        status: 'pending',
        courier: null,
        trackingNumber: null,
        shippedAt: null,
      });
    });

    it("never touches another seller's order of the same number", async () => {
      const other = await seller();
      await importFile(
        other,
        csvOf('R-1001,Ola,Other,ola@example.test,EH1 1AA,1 High Street,Edinburgh,GB,pending'),
      );
      const caller = await seller();
      const result = await importFile(caller, fixture('royal-mail/click-and-drop-export.csv'));
      expect(result).toMatchObject({ successfulRows: 0, failedRows: 4, skippedRows: 0 });
      expect(result.errors.map(({ errors }) => errors[0])).toEqual([
        'No order R-1001 to add tracking to',
        'No order R-1002 to add tracking to',
        'No order R-1003 to add tracking to',
        'No order R-1004 to add tracking to',
      ]);
      expect((await stored(caller)).size).toBe(0);
      expect((await stored(other)).get('R-1001')).toMatchObject({
        firstName: 'Ola',
        status: 'pending',
        courier: null,
        trackingNumber: null,
      });
    });
  });
});
