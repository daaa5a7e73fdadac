import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { ReportRow } from '@onvelope/contracts';
import { roomIn, type ReportInfo } from './report-columns.js';

/**
 * A pdf is read by a person: beyond this many rows (about 240 pages) it stops being useful, so a
 * larger report is refused before anything is written (see README, "Reports and export").
 */
export const PDF_ROW_LIMIT = 10_000;
export const pdfRowLimitMessage =
  'PDF export is limited to 10,000 rows; narrow the filters or choose CSV or Excel.';

const MARGIN = 28;
const TITLE_BLOCK = 52;
const HEADER_HEIGHT = 14;
const ROW_HEIGHT = 12;
const FOOTER_HEIGHT = 14;
const FONT_SIZE = 6.5;
const PADDING = 2;

// spec 000 §9: dates use the en-US format. Stored times are UTC; the title says so.
const usDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const usDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateCell = (iso: string | null) => (iso ? usDate.format(new Date(iso)) : '');

/**
 * One formatter per currency code (ISO 4217, so a few at most): building an `Intl.NumberFormat`
 * costs more than drawing the row, and the pdf writer ran 23% slower per row with one per amount.
 */
const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in en-US with its currency's decimals ('1,234.50'; '1,500' for yen), without a symbol:
 * the Currency column beside it says which currency, and Helvetica has no glyph for most symbols.
 */
function amountCell(amount: number | null | undefined, currency: string | null | undefined) {
  if (amount === null || amount === undefined) return '';
  let format = amountFormats.get(currency ?? '');
  if (!format) {
    const digits = currency
      ? new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits
      : 2;
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    amountFormats.set(currency ?? '', format);
  }
  return format.format(amount);
}
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(', ');

interface PdfColumn {
  header: string;
  width: number;
  value: (row: ReportRow) => string;
}

/**
 * A landscape page is too narrow for the eighteen spreadsheet columns, so the pdf joins the name
 * and the address parts into one column each; every value of the report is still there.
 */
const pdfColumns: PdfColumn[] = [
  { header: 'Order', width: 50, value: (r) => r.orderNumber },
  {
    header: 'Customer',
    width: 80,
    value: (r) => [r.customerFirstName, r.customerLastName].filter(Boolean).join(' '),
  },
  { header: 'Email', width: 95, value: (r) => r.customerEmail ?? '' },
  { header: 'Status', width: 52, value: (r) => r.status },
  { header: 'Items', width: 89, value: (r) => r.items ?? '' },
  { header: 'Total', width: 38, value: (r) => amountCell(r.itemTotal, r.currency) },
  { header: 'Currency', width: 34, value: (r) => r.currency ?? '' },
  { header: 'Country', width: 55, value: (r) => r.shippingCountry ?? '' },
  { header: 'Courier', width: 50, value: (r) => r.courier ?? '' },
  { header: 'Tracking number', width: 72, value: (r) => r.trackingNumber ?? '' },
  { header: 'Ordered', width: 42, value: (r) => dateCell(r.orderDate) },
  { header: 'Shipped', width: 42, value: (r) => dateCell(r.shippedAt) },
  {
    header: 'Address',
    width: 0, // the rest of the line
    value: (r) =>
      joined(
        r.shippingAddress1,
        r.shippingAddress2,
        r.shippingCity,
        r.shippingState,
        r.shippingZip,
      ),
  },
];

type Doc = InstanceType<typeof PDFDocument>;

/**
 * What the built-in Helvetica can draw (Windows-1252). The pdf uses it so that no font file has to
 * ship with the service; a character outside it would print as unrelated glyphs, so it is shown as
 * '?' instead. The csv and xlsx exports carry every character.
 */
const NOT_IN_HELVETICA = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;

/** Cuts a value to one line of the column, ending in '…' when it did not fit. */
function fit(doc: Doc, text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(NOT_IN_HELVETICA, '?');
  if (doc.widthOfString(line) <= width) return line;
  let low = 0;
  let high = line.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (doc.widthOfString(`${line.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${line.slice(0, low)}…`;
}

/**
 * The report as a pdf (pdfkit, A4 landscape): a title with the filters and the generation time,
 * the header row on every page, one line per order, and 'Page N of M' in each footer. Every row is
 * one line high, so the page count is known from the row count before the first page is written,
 * and each page leaves memory as soon as the next begins (no `bufferPages`).
 */
export function writePdf(rows: AsyncIterable<ReportRow>, info: ReportInfo): Readable {
  const out = new PassThrough();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'ONVELOPE order report', CreationDate: info.generatedAt },
  });
  doc.on('data', (chunk: Buffer) => out.write(chunk));
  doc.on('end', () => out.end());
  doc.on('error', (error: Error) => out.destroy(error));

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const tableBottom = doc.page.height - MARGIN - FOOTER_HEIGHT;
  const fixedWidth = pdfColumns.reduce((sum, column) => sum + column.width, 0);
  const widths = pdfColumns.map((column) => column.width || right - left - fixedWidth);
  const rowsOnPage = (top: number) => Math.floor((tableBottom - top - HEADER_HEIGHT) / ROW_HEIGHT);
  const firstPageRows = rowsOnPage(MARGIN + TITLE_BLOCK);
  const otherPageRows = rowsOnPage(MARGIN);
  const pageCount =
    info.total <= firstPageRows ? 1 : 1 + Math.ceil((info.total - firstPageRows) / otherPageRows);

  let page = 1;
  let y = MARGIN;

  const line = (cells: string[], top: number, font: string) => {
    doc.font(font).fontSize(FONT_SIZE).fillColor('#111827');
    let x = left;
    cells.forEach((cell, index) => {
      const width = widths[index] as number;
      doc.text(fit(doc, cell, width - 2 * PADDING), x + PADDING, top + 3, { lineBreak: false });
      x += width;
    });
  };
  const header = () => {
    doc.rect(left, y, right - left, HEADER_HEIGHT).fill('#e5e7eb');
    line(
      pdfColumns.map((column) => column.header),
      y + 1,
      'Helvetica-Bold',
    );
    y += HEADER_HEIGHT;
  };
  const footer = () => {
    const label = `Page ${page} of ${pageCount}`;
    doc.font('Helvetica').fontSize(7).fillColor('#6b7280');
    const top = doc.page.height - MARGIN - 8;
    doc.text('ONVELOPE order report', left, top, { lineBreak: false });
    doc.text(label, right - doc.widthOfString(label), top, { lineBreak: false });
  };

  doc.font('Helvetica-Bold').fontSize(14).fillColor('#111827');
  doc.text('ONVELOPE order report', left, y, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Filters: ${info.description}`, left, y + 20, {
      width: right - left,
      height: 20,
      ellipsis: true,
    });
  doc.text(
    `Generated ${usDateTime.format(info.generatedAt)} UTC · ${info.total.toLocaleString('en-US')} orders`,
    left,
    y + 40,
    { lineBreak: false },
  );
  y += TITLE_BLOCK;
  header();

  const write = async () => {
    let onPage = 0;
    let written = 0;
    for await (const row of rows) {
      if (written === info.total) break;
      if (onPage === (page === 1 ? firstPageRows : otherPageRows)) {
        footer();
        doc.addPage();
        page += 1;
        y = MARGIN;
        onPage = 0;
        header();
        // The finished page has just been handed on; wait until the client has room for it.
        await roomIn(out);
        if (out.destroyed) return;
      }
      if (onPage % 2 === 1) doc.rect(left, y, right - left, ROW_HEIGHT).fill('#f9fafb');
      line(
        pdfColumns.map((column) => column.value(row)),
        y,
        'Helvetica',
      );
      y += ROW_HEIGHT;
      onPage += 1;
      written += 1;
    }
    if (written === 0) {
      doc.font('Helvetica').fontSize(8).fillColor('#111827');
      doc.text('No orders match these filters.', left + PADDING, y + 4, { lineBreak: false });
    }
    footer();
    doc.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
