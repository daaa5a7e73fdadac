import { describe, expect, it } from 'vitest';
import { headerKey, layoutSignature } from '../domain/header-layout.js';
import { csvFields } from './file-fields.js';
import { columnsOf, fieldOfHeader, layoutOf, readLayout, valuesOfRow } from './map-columns.js';

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
  it('needs only an order number and a buyer to reach, by email or name (issue 39)', () => {
    expect(columnsOf(['Order Number', 'Email', 'Colour']).missing).toEqual([]);
    expect(columnsOf(['Order Number', 'Buyer', 'Colour']).missing).toEqual([]);
    expect(columnsOf(['Order Number', 'Zip']).missing).toEqual(['email or buyer name']);
    expect(columnsOf(['Name', 'Zip'])).toMatchObject({
      missing: ['orderNumber'],
      missingFields: ['orderNumber'],
    });
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

describe('readLayout (issue 39)', () => {
  const header = ['Ref', 'Who', 'Contact', 'Paid', 'Zip', 'Colour'];

  it('guesses by column names, and says what is missing without refusing', () => {
    const layout = readLayout(header);
    expect(layout).toMatchObject({
      mappingSource: 'guessed',
      missingFields: ['orderNumber', 'email'],
      ignored: ['Ref', 'Who', 'Contact', 'Paid', 'Colour'],
    });
    expect(layout.mapping).toMatchObject({ postcode: 'Zip', orderNumber: null });
    expect(() => layoutOf(header)).toThrow(
      'The CSV file is missing required columns: orderNumber, email or buyer name',
    );
  });

  it('reads a file by the mapping sent with it, one amount as two fields', () => {
    const layout = layoutOf(header, {
      given: {
        orderNumber: 'Ref',
        customerName: 'Who',
        email: 'Contact',
        itemTotal: 'Paid',
        orderTotal: 'Paid',
        postcode: null,
      },
    });
    expect(layout).toMatchObject({
      mappingSource: 'given',
      fields: ['orderNumber', 'customerName', 'email', 'itemTotal', null, null],
      missingFields: [],
      ignored: ['Zip', 'Colour'],
    });
    expect(layout.assumptions).toEqual([
      'Columns used: Ref → Order number, Who → Buyer name, Contact → Buyer e-mail, Paid → Items total, Paid → Order total (paid)',
      "Who → first and last name: the last word is the last name ('Mary Ann Smith' → Mary Ann, Smith), one word is a first name",
      'No status column: new orders are stored as pending; orders already stored keep their status',
      'No courier, trackingNumber or trackingUrl column: orders are stored without them until you mark them shipped',
    ]);
    expect(
      valuesOfRow(layout, ['7', 'Ada Lovelace', 'ada@example.com', '12.50', 'X', 'red']),
    ).toEqual({
      values: {
        orderNumber: '7',
        customerName: 'Ada Lovelace',
        email: 'ada@example.com',
        itemTotal: '12.50',
        orderTotal: '12.50',
      },
      marked: 0,
    });
  });

  it('refuses a mapping that names a column the file lacks', () => {
    expect(() => readLayout(header, { given: { orderNumber: 'Order' } })).toThrow(
      'The column mapping does not fit the file',
    );
  });

  it("uses the seller's template for the same layout, whatever the headers' case and spaces", () => {
    const template = {
      templateId: 't1',
      name: 'My shop',
      signature: layoutSignature(['ref', 'WHO', 'contact', 'paid', 'zip', 'colour', '']),
      mapping: { orderNumber: 'ref', customerName: 'WHO' },
    };
    const layout = layoutOf(header, { templates: [template] });
    expect(layout).toMatchObject({
      mappingSource: 'template',
      template: { templateId: 't1', name: 'My shop' },
      fields: ['orderNumber', 'customerName', null, null, 'postcode', null],
    });
    expect(layout.assumptions[0]).toBe('Columns mapped by your saved template “My shop”');
    expect(readLayout(['Ref', 'Who'], { templates: [template] }).mappingSource).toBe('guessed');
  });
});
