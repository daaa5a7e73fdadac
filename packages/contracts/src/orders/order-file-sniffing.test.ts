import { describe, expect, it } from 'vitest';
import {
  detectSeparator,
  encodingOfHead,
  findHeaderRow,
  workbookKindOfHead,
} from './order-file-sniffing.js';
import { isOrderFile, orderFileAccept } from './order-files.js';

// The import (svc-orders) and the uploader (mf-merchant) both call these: what is decided here is
// decided alike on both sides.

describe('the file-type check both sides make', () => {
  it('takes upper-case names as the lower-case ones', () => {
    for (const name of ['ORDERS.CSV', 'Orders.Tsv', 'REPORT.TXT', 'ORDERS.XLSX', 'ORDERS.XLS']) {
      expect(isOrderFile('', name)).toBe(true);
      expect(isOrderFile('', name.toLowerCase())).toBe(true);
    }
    expect(isOrderFile('TEXT/CSV', 'export')).toBe(true);
    expect(isOrderFile('', 'ORDERS.PDF')).toBe(false);
    expect(orderFileAccept).toContain('.csv');
  });
});

describe('workbookKindOfHead', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('tells an .xlsx (a zip archive) and an .xls (an OLE2 compound file) by their first bytes', () => {
    expect(workbookKindOfHead(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toBe('xlsx');
    expect(workbookKindOfHead(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00))).toBe(
      'xls',
    );
  });

  it('takes text, a cut-off signature and other binary files for no workbook', () => {
    expect(workbookKindOfHead(new TextEncoder().encode('Name,Email\n'))).toBeNull();
    expect(workbookKindOfHead(bytes(0xd0, 0xcf, 0x11, 0xe0))).toBeNull();
    expect(workbookKindOfHead(bytes(0x25, 0x50, 0x44, 0x46))).toBeNull();
    expect(workbookKindOfHead(bytes())).toBeNull();
  });
});

describe('encodingOfHead', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('reads a byte-order mark', () => {
    expect(encodingOfHead(bytes(0xef, 0xbb, 0xbf, 0x61))).toEqual({
      encoding: 'UTF-8',
      byteOrderMark: true,
    });
    expect(encodingOfHead(bytes(0xff, 0xfe, 0x61, 0x00))).toEqual({
      encoding: 'UTF-16LE',
      byteOrderMark: true,
    });
    expect(encodingOfHead(bytes(0xfe, 0xff, 0x00, 0x61))).toEqual({
      encoding: 'UTF-16BE',
      byteOrderMark: true,
    });
  });

  it('tells UTF-16 without a mark by its NUL bytes, and takes anything else as UTF-8', () => {
    const utf16le = (text: string) =>
      new Uint8Array([...text].flatMap((char) => [char.charCodeAt(0), 0]));
    expect(encodingOfHead(utf16le('orderNumber,email,postcode,status,courier'))).toEqual({
      encoding: 'UTF-16LE',
      byteOrderMark: false,
    });
    expect(
      encodingOfHead(utf16le('orderNumber,email,postcode,status,courier').slice(1)),
    ).toMatchObject({
      encoding: 'UTF-16BE',
    });
    expect(encodingOfHead(new TextEncoder().encode('orderNumber,email'))).toEqual({
      encoding: 'UTF-8',
      byteOrderMark: false,
    });
  });
});

describe('findHeaderRow', () => {
  it('takes the first line as the header in a plain file', () => {
    expect(findHeaderRow(['a,b,c', '1,2,3'])).toEqual({
      skippedLines: 0,
      separator: ',',
      certain: true,
    });
  });

  it('skips blank lines, a line of commas, a title and a sep= line before the header', () => {
    expect(findHeaderRow([',,,,', 'Sales Record Number,User Id'])).toMatchObject({
      skippedLines: 1,
      separator: ',',
    });
    expect(
      findHeaderRow(['', 'Orders report generated 2 October 2026', 'sep=;', 'a;b', '1;2']),
    ).toEqual({ skippedLines: 3, separator: ';', certain: true });
    expect(findHeaderRow(['"","",""', 'order-id\tsku'])).toMatchObject({
      skippedLines: 1,
      separator: '\t',
    });
  });

  it('starts a one-column file at its first line, uncertain, and finds nothing in blank lines', () => {
    expect(findHeaderRow(['', 'orderNumber'])).toEqual({
      skippedLines: 1,
      separator: ',',
      certain: false,
    });
    expect(findHeaderRow(['', ' '])).toBeNull();
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
