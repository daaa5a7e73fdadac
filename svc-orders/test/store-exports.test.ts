import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvTemplate, getSellerCountry, type UploadResult } from '@onvelope/contracts';
import { createLogger, currentTrace } from '@onvelope/service-kit/observability';
import { serveCommand } from '@onvelope/service-kit/nats';
import { useOrdersHarness } from './service-harness.js';
import { importFile, storedOrdersOf, type Caller } from './support.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/store-exports/${name}`, import.meta.url), 'utf8');

const line = (
  name: string,
  quantity: number,
  price: number | null,
  productId: string | null = null,
  option: string | null = null,
) => ({ name, option, productId, imageUrl: null, quantity, price });

/** The sellers' account countries, as svc-auth would answer them. */
const countries: Record<string, string | null> = { 'exports-uk-seller': 'GB' };
/** The trace each seller's last question came in. */
const askedInTrace = new Map<string, string | undefined>();

describe('importing the files stores really export', () => {
  const orders = useOrdersHarness({ env: { AUTH_COMMAND_TIMEOUT_MS: '500' } });
  let sellers = 0;

  beforeAll(async () => {
    serveCommand(
      orders.nc,
      getSellerCountry,
      'svc-auth',
      async ({ accountId }) => {
        askedInTrace.set(accountId, currentTrace()?.traceId);
        return { country: countries[accountId] ?? null };
      },
      createLogger('store-exports-test', 'silent'),
    );
    // The server has the subscription before the first import asks.
    await orders.nc.flush();
  });

  const seller = (accountId = `exports-seller-${(sellers += 1)}`) => orders.seller(accountId);
  const stored = (caller: Caller) => storedOrdersOf(orders.db, caller);

  it('reads a Shopify orders export: one order from its line rows, statuses, totals and dates', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('shopify-orders-export.csv'));
    expect(result).toMatchObject({ totalRows: 4, successfulRows: 4, failedRows: 0 });
    expect(result.message).toBe(
      'Read as a Shopify orders export. Processed 4 orders from 6 line rows: 4 imported ' +
        '(4 new, 0 updated), 0 skipped, 0 failed.',
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('#1058')).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Smith',
      customerName: 'Mary Ann Smith',
      email: 'mary.smith@example.test',
      postcode: 'SW1A 2AA',
      status: 'shipped',
      shippedAt: new Date('2025-04-03T16:00:00Z'),
      orderDate: new Date('2025-04-02T00:18:52Z'),
      shippingAddress1: '10 Downing Street',
      shippingCity: 'London',
      shippingCountry: 'GB',
      lineItems: [
        line('Linen Tote - Natural', 2, 12.5, 'TOTE-N'),
        line('Ceramic Mug', 1, 15, 'MUG-1'),
      ],
      items: '2 x Linen Tote - Natural; 1 x Ceramic Mug',
      productName: 'Linen Tote - Natural',
      quantity: 3,
      itemPrice: 12.5,
      itemTotal: 40,
      orderTotal: 44.99,
      currency: 'GBP',
      personalNote: 'Please wrap as a gift',
      courier: null,
      trackingNumber: null,
    });
    // A '-' postcode is no postcode; a refunded, cancelled order is kept as cancelled.
    expect(byNumber.get('#1059')).toMatchObject({
      postcode: null,
      status: 'pending',
      orderTotal: 13.49,
    });
    expect(byNumber.get('#1060')).toMatchObject({ status: 'cancelled' });
    expect(byNumber.get('#1061')).toMatchObject({
      status: 'partially_shipped',
      shippingCountry: 'ES',
      lastName: 'García',
      quantity: 2,
    });
  });

  it('reads an Etsy sold orders export: US dates, country names, split names', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('etsy-sold-orders.csv'));
    expect(result.message).toMatch(
      /^Read as an Etsy sold orders export\. Processed 2 orders: 2 imported/,
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('2871234567')).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      orderDate: new Date('2022-12-31T00:00:00Z'),
      shippedAt: new Date('2023-01-03T00:00:00Z'),
      status: 'shipped',
      shippingCountry: 'US',
      postcode: '62701',
      quantity: 2,
      itemTotal: 36,
      orderTotal: 41.5,
      currency: 'USD',
    });
    expect(byNumber.get('2871234568')).toMatchObject({
      firstName: 'Sam',
      lastName: 'Jones',
      status: 'pending',
      shippingCountry: 'GB',
      postcode: null,
      orderDate: new Date('2023-01-05T00:00:00Z'),
    });
  });

  it('reads Etsy sold order items into orders with their lines, a comma kept inside a name', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('etsy-sold-order-items.csv'));
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2 });
    expect(result.message).toContain('Processed 2 orders from 3 line rows');
    const byNumber = await stored(caller);
    expect(byNumber.get('2871234567')).toMatchObject({
      firstName: 'Jane',
      status: 'shipped',
      lineItems: [
        line('Hand-thrown Mug', 1, 20, 'MUG-1', 'Colour:Blue'),
        line('Tea, Earl Grey', 2, 8, 'TEA-EG'),
      ],
      items: '1 x Hand-thrown Mug (Colour:Blue); 2 x Tea, Earl Grey',
      itemTotal: 36,
      currency: 'USD',
    });
    expect(byNumber.get('2871234568')).toMatchObject({ status: 'pending', postcode: null });
  });

  it("reads an Etsy file Excel re-saved as tab-separated UTF-16, its ambiguous dates by the seller's country", async () => {
    const caller = await seller('exports-uk-seller');
    const text = fixture('etsy-sold-orders.csv')
      .replaceAll(',', '\t')
      .replace('12/31/22', '03/01/2023')
      .replace('01/03/23', '05/01/2023')
      .replace('01/05/23', '04/01/2023');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const result = await importFile(caller, utf16);
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, failedRows: 0 });
    expect(result.message).toContain(
      "Dates such as 03/04 were read day first (3 April), as is usual in GB (your account's country).",
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('2871234567')).toMatchObject({
      orderDate: new Date('2023-01-03T00:00:00Z'),
      shippedAt: new Date('2023-01-05T00:00:00Z'),
    });
    expect(byNumber.get('2871234568')?.orderDate).toEqual(new Date('2023-01-04T00:00:00Z'));
  });

  it('reads the same ambiguous dates month first for a seller with no country, and says how to change it', async () => {
    const caller = await seller();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await caller.upload(
      fixture('etsy-sold-orders.csv')
        .replace('12/31/22', '03/01/2023')
        .replace('01/03/23', '05/01/2023'),
      { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } },
    );
    const result = (await response.json()) as UploadResult;
    // The import runs in its thread; its question to svc-auth still carries the upload's trace.
    expect(askedInTrace.get(caller.accountId)).toBe(traceId);
    expect(result.message).toContain(
      'read month first (4 March); set your country in account settings',
    );
    expect((await stored(caller)).get('2871234567')?.orderDate).toEqual(
      new Date('2023-03-01T00:00:00Z'),
    );
  });

  it('reads a Big Cartel orders export: its Items records, shipping status and country names', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('bigcartel-orders.csv'));
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3 });
    expect(result.message).toMatch(/^Read as a Big Cartel orders export\. Processed 3 orders:/);
    const byNumber = await stored(caller);
    expect(byNumber.get('LMFN-543196')).toMatchObject({
      firstName: 'Joe',
      lastName: 'Bloggs',
      email: 'joe@example.test',
      status: 'shipped',
      shippingCountry: 'GB',
      orderDate: new Date('2024-01-25T10:00:00Z'),
      lineItems: [line('Tote Bag', 2, 12.5, null, 'Blue'), line('Tea, Earl Grey', 1, 17.5)],
      // The same text a store-front sync of this order gives (svc-sync's mapping).
      items: '2 x Tote Bag (Blue); 1 x Tea, Earl Grey',
      itemTotal: 42.5,
      orderTotal: 47,
      personalNote: 'Leave with a neighbour',
    });
    expect(byNumber.get('LMFN-543197')).toMatchObject({
      status: 'pending',
      orderDate: new Date('2024-02-01T09:30:00Z'),
    });
    expect(byNumber.get('LMFN-543198')).toMatchObject({ status: 'cancelled' });
  });

  it('reads a Squarespace orders export with its variants', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('squarespace-orders.csv'));
    expect(result.message).toContain(
      'Read as a Squarespace orders export. Processed 2 orders from 3 line rows',
    );
    const byNumber = await stored(caller);
    expect(byNumber.get('00231')).toMatchObject({
      firstName: 'Olive',
      lastName: 'Green',
      status: 'shipped',
      shippingCountry: 'US',
      lineItems: [
        line('Poster A2', 1, 30, 'SQ-POS', 'Matte'),
        line('Greeting Card', 2, 12, 'SQ-CARD', 'Set of 2'),
      ],
      itemTotal: 54,
      orderTotal: 60,
      currency: 'USD',
      orderDate: new Date('2021-04-20T16:15:04Z'),
    });
    expect(byNumber.get('00232')).toMatchObject({ status: 'pending' });
  });

  it('reads a WooCommerce export written with decimal commas', async () => {
    const caller = await seller();
    const result = await importFile(caller, fixture('woocommerce-orders.csv'));
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, failedRows: 0 });
    const byNumber = await stored(caller);
    expect(byNumber.get('4501')).toMatchObject({
      status: 'shipped',
      email: 'lena@example.test',
      shippingCountry: 'DE',
      lineItems: [line('Kaffeebecher', 2, 5.5, 'KB-1'), line('Wandkalender', 1, 1000, 'WK-1')],
      itemTotal: 1011,
      orderTotal: 1016.9,
    });
    expect(byNumber.get('4502')).toMatchObject({
      status: 'pending',
      personalNote: 'Bitte klingeln',
      orderTotal: 10.4,
    });
  });

  it("imports the uploader's template as it is, without a warning", async () => {
    const caller = await seller();
    const result = await importFile(caller, csvTemplate);
    expect(result).toMatchObject({ totalRows: 2, successfulRows: 2, warnings: [], errors: [] });
    expect((await stored(caller)).get('1001')).toMatchObject({
      items: '2 x Tote Bag (Blue); 1 x Mug',
      orderDate: new Date('2025-03-01T00:00:00Z'),
      shippingCountry: 'GB',
      itemTotal: 42.5,
      currency: 'GBP',
    });
  });

  it('still asks a file of its own columns for a buyer to reach (issue 39)', async () => {
    const caller = await seller();
    const response = await caller.upload('orderNumber,postcode\r\n1,SW1A 1AA\r\n');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      'The CSV file is missing required columns: email or buyer name',
    );
  });
});
