import { describe, expect, it } from 'vitest';
import { isOrderFile, isWorkbookFile, orderFileAccept } from './order-files.js';

describe('the files the upload takes', () => {
  it('takes CSV, tab-separated or plain text and Excel workbooks, by type or by name', () => {
    expect(isOrderFile('text/csv', 'export')).toBe(true);
    expect(isOrderFile('', 'orders.CSV')).toBe(true);
    expect(isOrderFile('', 'amazon-orders.txt')).toBe(true);
    expect(isOrderFile('application/octet-stream', 'orders.tsv')).toBe(true);
    expect(
      isOrderFile('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x'),
    ).toBe(true);
    expect(isOrderFile('application/vnd.ms-excel', 'orders.xls')).toBe(true);
    expect(isOrderFile('', 'Orders.XLS')).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isOrderFile('application/pdf', 'orders.pdf')).toBe(false);
    expect(isOrderFile('application/msword', 'orders.doc')).toBe(false);
    expect(isOrderFile('image/png', undefined)).toBe(false);
  });

  it('tells a workbook from text, and offers every name and type to the file picker', () => {
    expect(isWorkbookFile('', 'Orders.XLSX')).toBe(true);
    expect(isWorkbookFile('', 'orders.xls')).toBe(true);
    expect(isWorkbookFile('text/csv', 'orders.csv')).toBe(false);
    // Windows labels a .csv so where Excel is installed: by this type alone it is text.
    expect(isWorkbookFile('application/vnd.ms-excel', 'orders.csv')).toBe(false);
    expect(orderFileAccept.split(',')).toEqual(
      expect.arrayContaining(['.csv', '.tsv', '.txt', '.xlsx', '.xls', 'text/csv']),
    );
  });
});
