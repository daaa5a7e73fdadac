import { describe, expect, it } from 'vitest';
import { isCsvFile, parseCsvPreview } from './csv-preview.js';

describe('isCsvFile', () => {
  it('accepts the text/csv type or a name ending in .csv, and nothing else', () => {
    expect(isCsvFile({ name: 'orders.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'orders.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
  });
});

describe('parseCsvPreview', () => {
  it('reads the headers and the rows of a plain file', () => {
    expect(
      parseCsvPreview('orderNumber,email\n1001,a@b.test\n1002,c@d.test\n', { complete: true }),
    ).toEqual({
      headers: ['orderNumber', 'email'],
      rows: [
        ['1001', 'a@b.test'],
        ['1002', 'c@d.test'],
      ],
      separator: ',',
    });
  });

  it('shows only the first 10 data rows', () => {
    const lines = ['n', ...Array.from({ length: 25 }, (_, i) => String(i + 1))];
    const preview = parseCsvPreview(lines.join('\n'), { complete: true });
    expect(preview?.rows).toHaveLength(10);
    expect(preview?.rows.at(-1)).toEqual(['10']);
  });

  it('drops a byte-order mark, takes CRLF and the semicolon separator', () => {
    const preview = parseCsvPreview('\uFEFFOrder Number;Zip\r\n1001;SW1A 1AA\r\n', {
      complete: true,
    });
    expect(preview).toEqual({
      headers: ['Order Number', 'Zip'],
      rows: [['1001', 'SW1A 1AA']],
      separator: ';',
    });
  });

  it('takes tab-separated files', () => {
    expect(parseCsvPreview('a\tb\n1\t2', { complete: true })?.rows).toEqual([['1', '2']]);
  });

  it('keeps separators, doubled quotes and line breaks inside quoted fields', () => {
    const preview = parseCsvPreview('"Name, full",note\n"Ann ""A"" Lee","line 1\nline 2"\n', {
      complete: true,
    });
    expect(preview?.headers).toEqual(['Name, full', 'note']);
    expect(preview?.rows).toEqual([['Ann "A" Lee', 'line 1\nline 2']]);
  });

  it('drops a last row that may have been cut when only the head of the file was read', () => {
    expect(parseCsvPreview('a,b\n1,2\n3,4', { complete: false })?.rows).toEqual([['1', '2']]);
    expect(parseCsvPreview('a,b\n1,2\n3,4', { complete: true })?.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('skips blank lines and gives null for a file without a header row', () => {
    expect(parseCsvPreview('a,b\n\n1,2\n', { complete: true })?.rows).toEqual([['1', '2']]);
    expect(parseCsvPreview('', { complete: true })).toBeNull();
    expect(parseCsvPreview('\n\n', { complete: true })).toBeNull();
  });
});
