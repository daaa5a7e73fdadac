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

  it('fails an order with a control character in any cell, one error per column (issue 32)', () => {
    const outcome = parseCsvRow(
      { orderNumber: 'C-1', trackingNumber: 'TN\u0000\u00011', courier: 'DHL\u009b', items: 'Mug' },
      undefined,
      [{ lineName: 'Mug\u007f', lineQuantity: '1' }],
    );
    expect(outcome).toEqual({
      ok: false,
      errors: [
        'trackingNumber: holds a control character (U+0000), which is not text; remove it and upload the file again',
        'courier: holds a control character (U+009B), which is not text; remove it and upload the file again',
        'lineName: holds a control character (U+007F), which is not text; remove it and upload the file again',
      ],
    });
  });

  it('takes line breaks and tabs in a note and the Items only, and ignores them around a cell', () => {
    expect(
      parseCsvRow({
        orderNumber: 'C-2',
        personalNote: 'Leave it\r\nwith\tthe neighbour',
        items: '1 x Mug\n2 x Tote',
        shippingCity: 'Leeds\r\n',
      }),
    ).toMatchObject({
      ok: true,
      entry: {
        personalNote: 'Leave it\r\nwith\tthe neighbour',
        items: '1 x Mug\n2 x Tote',
        shippingCity: 'Leeds',
      },
    });
    expect(parseCsvRow({ orderNumber: 'C-3', shippingAddress1: '1 High St\nFlat 2' })).toEqual({
      ok: false,
      errors: ['shippingAddress1: holds a line break; this column takes one line of text'],
    });
    expect(parseCsvRow({ orderNumber: 'C-4', firstName: 'Ada\tL' })).toEqual({
      ok: false,
      errors: ['firstName: holds a tab; this column takes one line of text'],
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
