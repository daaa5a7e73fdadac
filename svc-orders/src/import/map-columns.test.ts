import { describe, expect, it } from 'vitest';
import { csvFields, headerKey } from './file-fields.js';
import { columnsOf, fieldOfHeader } from './map-columns.js';

/** The header of a file a seller made themselves (issue 38, item 8). */
const sellersHeader = [
  'Order Number',
  'Buyer Name',
  'Email',
  'Address',
  'City',
  'Postcode',
  'Country',
  'Items',
  'Order Date',
  'Total',
];

describe('fieldOfHeader', () => {
  it.each([
    ['Order Number', 'orderNumber'],
    ['order_number', 'orderNumber'],
    ['orderNumber', 'orderNumber'],
    ['ORDER-NO', 'orderNumber'],
    ['Order #', 'orderNumber'],
    ['First Name', 'firstName'],
    ['surname', 'lastName'],
    ['E-mail', 'email'],
    ['Zip', 'postcode'],
    ['Zipcode', 'postcode'],
    ['Zip Code', 'postcode'],
    ['Post Code', 'postcode'],
    ['postal_code', 'postcode'],
    ['Carrier', 'courier'],
    ['Tracking No.', 'trackingNumber'],
    ['Tracking Link', 'trackingUrl'],
    ['Shipping Address 1', 'shippingAddress1'],
    ['Address Line 2', 'shippingAddress2'],
    ['Shipping Zip', 'shippingZip'],
    ['Qty', 'quantity'],
    ['Unit Price', 'itemPrice'],
    ['Categories', 'categoryNames'],
    ['Personal Note', 'personalNote'],
    ['Buyer Name', 'customerName'],
    ['Customer Name', 'customerName'],
    ['Name', 'customerName'],
    ['Recipient', 'customerName'],
    ['Email Address', 'email'],
    ['Postal/Zip Code', 'postcode'],
    ['Address', 'shippingAddress1'],
    ['City', 'shippingCity'],
    ['Country', 'shippingCountry'],
    ['Order Date', 'orderDate'],
    ['Date Ordered', 'orderDate'],
    ['Total', 'itemTotal'],
    ['Shipping Company', 'courier'],
    ['Tracking ID', 'trackingNumber'],
    ['Order Ref', 'orderNumber'],
  ])("reads '%s' as %s", (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  it('ignores a header it does not know', () => {
    expect(fieldOfHeader('Gift receipt?')).toBeNull();
  });

  it("reads each field's own name as that field", () => {
    // lineItems has no column; a seller's 'Order Total' has long been read as the goods' total.
    const named = csvFields.filter((name) => name !== 'lineItems' && name !== 'orderTotal');
    for (const field of named) {
      expect(fieldOfHeader(field)).toBe(field);
      expect(headerKey(field)).toBe(field.toLowerCase());
    }
  });
});

describe('columnsOf', () => {
  it('names the required columns a header lacks, postcode as either spelling', () => {
    expect(columnsOf(['Order Number', 'Email', 'Colour']).missing).toEqual([
      'firstName',
      'lastName',
      'postcode or zipcode',
    ]);
    expect(columnsOf(['Name', 'Zip']).missing).toEqual(['orderNumber', 'email']);
  });

  it('takes one name column for first and last name, and needs neither status nor tracking', () => {
    expect(columnsOf(sellersHeader).missing).toEqual([]);
    expect(columnsOf(['orderNumber', 'firstName', 'email', 'zip']).missing).toEqual([]);
  });

  it("reads a seller's own header and says what it assumed", () => {
    const columns = columnsOf(sellersHeader);
    expect(columns.fields).toEqual([
      'orderNumber',
      'customerName',
      'email',
      'shippingAddress1',
      'shippingCity',
      'postcode',
      'shippingCountry',
      'items',
      'orderDate',
      'itemTotal',
    ]);
    expect(columns.assumptions).toEqual([
      "Buyer Name → first and last name: the last word is the last name ('Mary Ann Smith' → Mary Ann, Smith), one word is a first name",
      'Columns read as: Address → shippingAddress1, City → shippingCity, Country → shippingCountry, Total → itemTotal',
      'No status column: new orders are stored as pending; orders already stored keep their status',
      'No courier, trackingNumber or trackingUrl column: orders are stored without them until you mark them shipped',
    ]);
  });

  it("assumes nothing of the template's own columns", () => {
    const template = [
      'orderNumber',
      'firstName',
      'lastName',
      'email',
      'postcode',
      'status',
      'courier',
      'trackingNumber',
      'trackingUrl',
    ];
    expect(columnsOf(template)).toMatchObject({ missing: [], assumptions: [] });
    expect(columnsOf([...template.slice(0, 6), 'Carrier']).assumptions).toEqual([
      'Columns read as: Carrier → courier',
      'No trackingNumber or trackingUrl column: orders are stored without them until you mark them shipped',
    ]);
  });

  it('keeps a name column as the customer name when first and last name have columns', () => {
    expect(
      columnsOf(['orderNumber', 'First Name', 'Last Name', 'Buyer Name', 'email', 'zip', 'status'])
        .assumptions[0],
    ).toBe('Columns read as: Buyer Name → customerName, zip → postcode');
  });

  it('lists the columns it will not use', () => {
    expect(columnsOf(['orderNumber', 'Colour', '']).ignored).toEqual(['Colour']);
  });
});
