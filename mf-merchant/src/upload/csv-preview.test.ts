import { describe, expect, it } from 'vitest';
import { decodePreviewText, parseCsvPreview } from './csv-preview.js';

describe('decodePreviewText', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('reads UTF-8, even when the head is cut inside a character', () => {
    const text = new TextEncoder().encode('name\nZoë Müller');
    expect(decodePreviewText(text)).toBe('name\nZoë Müller');
    expect(decodePreviewText(text.slice(0, -1))).toBe('name\nZoë Mülle');
    expect(decodePreviewText(new TextEncoder().encode('Zoë').slice(0, -1))).toBe('Zo\uFFFD');
  });

  it('reads Windows-1252 when the text is not UTF-8, as the import does', () => {
    // "Zoë;Église" saved by a spreadsheet on Windows.
    expect(
      decodePreviewText(bytes(0x5a, 0x6f, 0xeb, 0x3b, 0xc9, 0x67, 0x6c, 0x69, 0x73, 0x65)),
    ).toBe('Zoë;Église');
  });

  it('reads UTF-16 by its byte-order mark', () => {
    expect(decodePreviewText(bytes(0xff, 0xfe, 0x61, 0x00, 0x09, 0x00, 0x62, 0x00))).toBe('a\tb');
    expect(decodePreviewText(bytes(0xfe, 0xff, 0x00, 0x61, 0x00, 0x09, 0x00, 0x62))).toBe('a\tb');
  });

  it('reads UTF-16 without a byte-order mark by its NUL bytes, as the import does', () => {
    const text = 'orderNumber\temail';
    const utf16le = new Uint8Array([...text].flatMap((char) => [char.charCodeAt(0), 0]));
    expect(decodePreviewText(utf16le)).toBe(text);
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

  it("shows the header the import finds past a title, a line of commas or Excel's sep= line", () => {
    expect(
      parseCsvPreview('Orders report generated 2 October 2026\nsep=;\na;b\n1;2\n', {
        complete: true,
      }),
    ).toEqual({ headers: ['a', 'b'], rows: [['1', '2']], separator: ';' });
    expect(
      parseCsvPreview(',,,,\nSales Record Number\tUser Id\n7\tann\n', { complete: true }),
    ).toEqual({
      headers: ['Sales Record Number', 'User Id'],
      rows: [['7', 'ann']],
      separator: '\t',
    });
  });

  it('skips blank lines and gives null for a file without a header row', () => {
    expect(parseCsvPreview('a,b\n\n1,2\n', { complete: true })?.rows).toEqual([['1', '2']]);
    expect(parseCsvPreview('', { complete: true })).toBeNull();
    expect(parseCsvPreview('\n\n', { complete: true })).toBeNull();
  });
});
