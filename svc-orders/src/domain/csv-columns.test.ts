import { describe, expect, it } from 'vitest';
import {
  categoryNamesOf,
  columnsOf,
  detectSeparator,
  fieldOfHeader,
  normaliseStatus,
  parseCsvRow,
} from './csv-columns.js';

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
  ])("reads '%s' as %s", (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  it('ignores a header it does not know', () => {
    expect(fieldOfHeader('Gift receipt?')).toBeNull();
  });
});

describe('columnsOf', () => {
  it('names the required columns a header lacks, postcode as either spelling', () => {
    expect(columnsOf(['Order Number', 'Email', 'Colour']).missing).toEqual([
      'firstName',
      'lastName',
      'postcode or zipcode',
      'status',
      'courier',
      'trackingNumber',
      'trackingUrl',
    ]);
  });

  it('lists the columns it will not use', () => {
    expect(columnsOf(['orderNumber', 'Colour', '']).ignored).toEqual(['Colour']);
  });
});

describe('detectSeparator', () => {
  it.each([
    ['a,b,c', ','],
    ['a;b;c', ';'],
    ['a\tb\tc', '\t'],
    ['"a;b",c,d', ','],
    ['one column', ','],
  ])('finds the separator of %j', (line, separator) => {
    expect(detectSeparator(line)).toBe(separator);
  });
});

describe('values', () => {
  it.each([
    ['Shipped', 'shipped'],
    ['PARTIALLY SHIPPED', 'partially_shipped'],
    ['partially-shipped', 'partially_shipped'],
    ['canceled', 'cancelled'],
    ['on hold', null],
  ])('normalises the status %j', (value, status) => {
    expect(normaliseStatus(value)).toBe(status);
  });

  it('stores category names as a JSON list whether written as JSON or as a list', () => {
    expect(categoryNamesOf('["Prints","Mugs"]')).toBe('["Prints","Mugs"]');
    expect(categoryNamesOf('Prints, Mugs|Tees')).toBe('["Prints","Mugs","Tees"]');
  });
});

describe('parseCsvRow', () => {
  it('fails a row without an order number', () => {
    expect(parseCsvRow({ orderNumber: '  ', firstName: 'Ada' })).toEqual({
      ok: false,
      errors: ['Order number is missing'],
    });
  });

  it('fails a row whose status or country is over 100 characters (broken data)', () => {
    const long = 'x'.repeat(101);
    expect(parseCsvRow({ orderNumber: '1', status: long, shippingCountry: long })).toEqual({
      ok: false,
      errors: [
        'Status is longer than 100 characters',
        'Shipping country is longer than 100 characters',
      ],
    });
    expect(parseCsvRow({ orderNumber: '1', status: 'x'.repeat(100) })).toMatchObject({ ok: true });
  });

  it("treats the postcode 'Unknown' as missing and builds the customer name", () => {
    const outcome = parseCsvRow({
      orderNumber: '1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      postcode: 'unknown',
    });
    expect(outcome).toMatchObject({
      ok: true,
      entry: { postcode: null, customerName: 'Ada Lovelace', status: null },
    });
  });

  it('keeps an unknown status as written, with a warning', () => {
    expect(parseCsvRow({ orderNumber: '1', status: 'On hold' })).toMatchObject({
      ok: true,
      entry: { status: 'On hold' },
      warnings: ["Unknown status 'On hold'; kept as written"],
    });
  });

  it('leaves a bad date empty with a warning', () => {
    expect(parseCsvRow({ orderNumber: '1', orderDate: '31/12/2025' })).toMatchObject({
      ok: true,
      entry: { orderDate: null },
      warnings: ["Order date '31/12/2025' is not a date (use 2025-03-01 or 3/1/2025); left empty"],
    });
  });
});
