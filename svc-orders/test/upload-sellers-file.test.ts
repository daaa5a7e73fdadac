import { describe, expect, it } from 'vitest';
import { trackingEntryStatuses, type UploadResult } from '@onvelope/contracts';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { useOrdersHarness } from './service-harness.js';
import { csvOf, importFile, storedOrdersOf, type Caller } from './support.js';

/** Issue 38 item 8: the header of a file a seller made themselves. */
const sellersHeader =
  'Order Number,Buyer Name,Email,Address,City,Postcode,Country,Items,Order Date,Total';

const noLookup = 'the buyer cannot look this order up on the tracking page until it has one';

describe("importing a seller's own file and its weak rows (issue 38)", () => {
  const orders = useOrdersHarness();
  let sellers = 0;

  const seller = () => orders.seller(`sellers-file-${(sellers += 1)}`);
  const stored = (caller: Caller) => storedOrdersOf(orders.db, caller);

  it('imports it whole, splits Buyer Name, and lists what it assumed', async () => {
    const caller = await seller();
    const result = await importFile(
      caller,
      `${sellersHeader}\n` +
        '1001,Mary Ann Smith,mary@example.com,1 High Street,London,SW1A 1AA,United Kingdom,2 x Tote Bag,2025-03-14,42.50\n' +
        '1002,Cher,cher@example.com,2 Low Road,Leeds,LS1 1AA,GB,1 x Mug,2025-03-15,12.00\n',
    );
    expect(result).toEqual({
      success: true,
      totalRows: 2,
      successfulRows: 2,
      skippedRows: 0,
      failedRows: 0,
      message: 'Processed 2 rows: 2 imported (2 new, 0 updated), 0 skipped, 0 failed.',
      warnings: [],
      errors: [],
      assumptions: [
        "Buyer Name → first and last name: the last word is the last name ('Mary Ann Smith' → Mary Ann, Smith), one word is a first name",
        'Columns read as: Address → shippingAddress1, City → shippingCity, Country → shippingCountry, Total → itemTotal',
        'No status column: new orders are stored as pending; orders already stored keep their status',
        'No courier, trackingNumber or trackingUrl column: orders are stored without them until you mark them shipped',
      ],
    } satisfies UploadResult);
    const byNumber = await stored(caller);
    expect(byNumber.get('1001')).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Smith',
      customerName: 'Mary Ann Smith',
      email: 'mary@example.com',
      postcode: 'SW1A 1AA',
      shippingAddress1: '1 High Street',
      shippingCity: 'London',
      shippingCountry: 'GB',
      items: '2 x Tote Bag',
      orderDate: new Date('2025-03-14T00:00:00Z'),
      itemTotal: 42.5,
      status: 'pending',
      courier: null,
      trackingNumber: null,
    });
    expect(byNumber.get('1002')).toMatchObject({ firstName: 'Cher', lastName: null });
  });

  it('refuses a new order that names no buyer, and imports a weak one with its warnings', async () => {
    const caller = await seller();
    const result = await importFile(
      caller,
      `${sellersHeader}\n` +
        '2001,,,,,,,,,\n' +
        '2002,,not-an-email,3 Side St,York,YO1 7HH,GB,1 x Poster,,\n' +
        '2003,Ann Lee,not-an-email,3 Side St,York,YO1 7HH,GB,1 x Poster,,\n' +
        '2004,Bo Diddley,,,,,,1 x Guitar,,\n' +
        '2005,,bo@example.com,,,N/A,,,,\n',
    );
    expect(result).toMatchObject({ totalRows: 5, successfulRows: 3, failedRows: 2 });
    expect(result.errors).toEqual([
      {
        row: 2,
        errors: [
          "The row has only an order number; a new order needs at least the buyer's name or email",
        ],
      },
      {
        row: 3,
        errors: [
          "No buyer: there is no name, and 'not-an-email' is not an email address; a new order needs at least the buyer's name or email",
        ],
      },
    ]);
    expect(result.warnings).toEqual([
      { row: 4, message: "Email 'not-an-email' is not an email address; it was not stored" },
      { row: 4, message: `No email: ${noLookup}` },
      { row: 5, message: `No email or postcode: ${noLookup.replace('has one', 'has both')}` },
      { row: 6, message: `No postcode: ${noLookup}` },
    ]);
    const byNumber = await stored(caller);
    expect([...byNumber.keys()].sort()).toEqual(['2003', '2004', '2005']);
    expect(byNumber.get('2003')).toMatchObject({ firstName: 'Ann', lastName: 'Lee', email: null });
    expect(byNumber.get('2005')).toMatchObject({ firstName: null, email: 'bo@example.com' });
  });

  it('lets a row of only an order number through for an order already stored: it changes nothing', async () => {
    const caller = await seller();
    await importFile(
      caller,
      `${sellersHeader}\n3001,Ada Lovelace,ada@example.com,,,SW1A 1AA,,,,\n`,
    );
    const again = await importFile(caller, `${sellersHeader}\n3001,,,,,,,,,\n`);
    expect(again).toMatchObject({ skippedRows: 1, failedRows: 0, errors: [] });
    expect(again.warnings).toEqual([
      { row: 2, message: 'Order 3001 already exists with the same data' },
    ]);
    expect((await stored(caller)).get('3001')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
  });

  it('never stores a status the product does not know, and says what the order kept', async () => {
    const caller = await seller();
    const first = await importFile(
      caller,
      csvOf([
        { orderNumber: '4001', status: 'weird' },
        { orderNumber: '4002', status: 'Shipped', courier: 'DPD', trackingNumber: 'DPD1' },
      ]),
    );
    const unknown = (status: string) =>
      `Unknown status 'weird' was not stored (the statuses are ${trackingEntryStatuses.join(', ')}); the order is ${status}`;
    expect(first).toMatchObject({ successfulRows: 2, failedRows: 0 });
    expect(first.warnings).toEqual([{ row: 2, message: unknown('pending') }]);

    const again = await importFile(
      caller,
      csvOf([{ orderNumber: '4002', status: 'weird', courier: 'DPD', trackingNumber: 'DPD1' }]),
    );
    expect(again.warnings).toEqual([
      { row: 2, message: unknown('shipped') },
      { row: 2, message: 'Order 4002 already exists with the same data' },
    ]);
    const statuses = await trackingEntryModel(orders.db).distinct('status', {
      accountId: caller.accountId,
    });
    expect(statuses.sort()).toEqual(['pending', 'shipped']);
    for (const status of statuses) expect(trackingEntryStatuses).toContain(status);
  });
});
