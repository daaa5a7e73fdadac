import { describe, expect, it } from 'vitest';
import { fieldOfHeader } from './map-columns.js';
import {
  categoryNamesOf,
  importRowMessages,
  normaliseStatus,
  parseCsvRow,
} from './validate-row.js';

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

  it('fails a row with a cell longer than any real one: 1,000 characters, 10,000 in a note or the Items', () => {
    expect(
      parseCsvRow({ orderNumber: '1', firstName: 'x'.repeat(1_001), items: 'x'.repeat(10_001) }),
    ).toEqual({
      ok: false,
      errors: [
        'firstName: the cell is longer than 1000 characters',
        'items: the cell is longer than 10000 characters',
      ],
    });
    expect(
      parseCsvRow({ orderNumber: '1', firstName: 'x'.repeat(1_000), items: 'x'.repeat(10_000) }),
    ).toMatchObject({ ok: true });
  });

  it('keeps only web addresses as links: another scheme is left empty with a warning', () => {
    const outcome = parseCsvRow({
      orderNumber: '1',
      firstName: 'Ada',
      trackingUrl: 'javascript:alert(1)',
      productImageUrl: 'data:text/html,<b>x</b>',
    });
    expect(outcome).toMatchObject({
      ok: true,
      entry: { trackingUrl: null, productImageUrl: null },
      warnings: [
        importRowMessages.notWebAddress('javascript:alert(1)'),
        importRowMessages.notWebAddress('data:text/html,<b>x</b>'),
      ],
    });
    expect(
      parseCsvRow({ orderNumber: '1', firstName: 'Ada', trackingUrl: 'https://t.example/1' }),
    ).toMatchObject({ ok: true, entry: { trackingUrl: 'https://t.example/1' }, warnings: [] });
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

  it('never keeps an unknown status: the row has none, and says which it was', () => {
    expect(parseCsvRow({ orderNumber: '1', firstName: 'Ada', status: 'weird' })).toMatchObject({
      ok: true,
      entry: { status: null },
      unknownStatus: 'weird',
      warnings: [],
    });
    expect(parseCsvRow({ orderNumber: '1', firstName: 'Ada', status: 'Shipped' })).toMatchObject({
      entry: { status: 'shipped' },
      unknownStatus: null,
    });
  });

  it('splits one name column into first and last name: the last word is the last name', () => {
    expect(parseCsvRow({ orderNumber: '1', customerName: ' Mary Ann Smith ' })).toMatchObject({
      entry: { firstName: 'Mary Ann', lastName: 'Smith', customerName: 'Mary Ann Smith' },
      noBuyer: null,
    });
    expect(parseCsvRow({ orderNumber: '1', customerName: 'Cher' })).toMatchObject({
      entry: { firstName: 'Cher', lastName: null },
    });
    expect(
      parseCsvRow({ orderNumber: '1', firstName: 'Ada', lastName: 'L', customerName: 'Ada Lee' }),
    ).toMatchObject({ entry: { firstName: 'Ada', lastName: 'L', customerName: 'Ada Lee' } });
  });

  it('does not store an email that is not one, with a warning', () => {
    expect(
      parseCsvRow({ orderNumber: '1', customerName: 'Ada Lovelace', email: 'not-an-email' }),
    ).toMatchObject({
      ok: true,
      entry: { email: null, firstName: 'Ada' },
      warnings: [importRowMessages.badEmail('not-an-email')],
      noBuyer: null,
    });
  });

  it('says why a row that names no buyer cannot make a new order', () => {
    expect(parseCsvRow({ orderNumber: '1', email: '', customerName: ' ' })).toMatchObject({
      ok: true,
      noBuyer: importRowMessages.onlyOrderNumber,
    });
    expect(parseCsvRow({ orderNumber: '1', items: 'Mug', postcode: 'SW1A 1AA' })).toMatchObject({
      noBuyer: importRowMessages.noBuyer,
    });
    expect(parseCsvRow({ orderNumber: '1', email: 'nobody' })).toMatchObject({
      noBuyer: importRowMessages.noBuyerBadEmail('nobody'),
    });
    expect(parseCsvRow({ orderNumber: '1', email: 'ada@example.com' })).toMatchObject({
      noBuyer: null,
    });
  });

  it('reads a currency column as the ISO code, and leaves one that is not a code empty with a warning', () => {
    expect(parseCsvRow({ orderNumber: '1', currency: ' usd ' })).toMatchObject({
      ok: true,
      entry: { currency: 'USD' },
      warnings: [],
    });
    expect(parseCsvRow({ orderNumber: '1', currency: '$' })).toMatchObject({
      ok: true,
      entry: { currency: null },
      warnings: [importRowMessages.badCurrency('$')],
    });
    expect(fieldOfHeader('Currency Code')).toBe('currency');
  });

  it('leaves a bad date empty with a warning', () => {
    expect(parseCsvRow({ orderNumber: '1', orderDate: '31/12/2025' })).toMatchObject({
      ok: true,
      entry: { orderDate: null },
      warnings: ["Order date '31/12/2025' is not a date (use 2025-03-01 or 3/1/2025); left empty"],
    });
  });
});
