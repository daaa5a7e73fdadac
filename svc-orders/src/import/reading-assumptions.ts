import type { FileConventions } from './file-conventions.js';
import type { ExportField, StoreExport } from './file-fields.js';
import type { FileReading } from './parse-file.js';

/** What the import knows, once the file is read, of how it read it. */
export interface ReadingFacts {
  reading: FileReading;
  storeExport: StoreExport | null;
  header: readonly string[];
  fields: readonly (ExportField | null)[];
  conventions: FileConventions | null;
  /** Cells whose leading apostrophe (a spreadsheet's text marker) was taken off. */
  markedNumbers: number;
  /** US ZIP codes given back the leading zeros a spreadsheet dropped. */
  paddedZips: number;
}

const separatorNames = {
  ',': 'comma-separated',
  ';': 'semicolon-separated',
  '\t': 'tab-separated',
};

// A store export's own fields, in the seller's words; the canonical fields keep their names.
const exportFieldLabels: Partial<Record<ExportField, string>> = {
  fullName: 'first and last name',
  financialStatus: 'status (payment)',
  fulfillmentStatus: 'status',
  shippingStatus: 'status (shipping)',
  cancelledAt: 'status (cancelled)',
  itemRecords: 'items',
  lineName: 'item name',
  lineQuantity: 'item quantity',
  linePrice: 'item price',
  lineSku: 'item SKU',
  lineOption: 'item option',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * How the file was read, for the answer's `assumptions` (issue 39): the store export it is, its
 * encoding, separator, the lines skipped before its header and its date order, then the columns a
 * store export's reading used for each field, then what was corrected in its cells. A plain UTF-8,
 * comma-separated file of its own columns read from its first line says nothing here: that is what
 * the template is, and its columns are described by `columnsOf`'s assumptions.
 */
export function readingAssumptions(facts: ReadingFacts): string[] {
  const { reading, storeExport, conventions } = facts;
  const how: string[] = [];
  if (reading.workbook) how.push('the first sheet of an Excel workbook');
  else {
    if (reading.encoding !== 'UTF-8') how.push(`${reading.encoding} text, converted`);
    else if (storeExport) how.push('UTF-8 text');
    if (reading.separator !== ',' || storeExport) how.push(separatorNames[reading.separator]);
  }
  if (reading.skippedLines) {
    const lines = plural(
      reading.skippedLines,
      reading.workbook ? 'row' : 'line',
      reading.workbook ? 'rows' : 'lines',
    );
    how.push(`${lines} before the header skipped`);
  }
  if (conventions?.numericDates && !conventions.note && (storeExport || how.length)) {
    how.push(`dates read ${conventions.dateOrder === 'dayFirst' ? 'day first' : 'month first'}`);
  }
  const assumptions: string[] = [];
  if (storeExport) assumptions.push(`Read as ${article(storeExport.name)}: ${how.join(', ')}`);
  else if (how.length) assumptions.push(`File read as ${how.join(', ')}`);

  if (storeExport) {
    const used = facts.header.flatMap((name, index) => {
      const field = facts.fields[index];
      return field ? [`${name.trim()} → ${exportFieldLabels[field] ?? field}`] : [];
    });
    assumptions.push(`Columns used: ${used.join(', ')}`);
  }
  if (facts.markedNumbers) {
    assumptions.push(
      `A leading apostrophe (a spreadsheet's mark for text) was taken off ` +
        `${plural(facts.markedNumbers, 'number', 'numbers')} ('03038 → 03038)`,
    );
  }
  if (facts.paddedZips) {
    assumptions.push(
      `${plural(facts.paddedZips, 'US ZIP code', 'US ZIP codes')} of fewer than five digits ` +
        `had the leading zeros a spreadsheet dropped put back (3038 → 03038)`,
    );
  }
  return assumptions;
}

const article = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
