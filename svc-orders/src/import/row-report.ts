import { trackingEntryStatuses, type UploadResult } from '@onvelope/contracts';

export const importMessages = {
  empty: 'The CSV file is empty',
  noRows: 'The CSV file has a header row but no orders',
  missingColumns: (missing: string[]) =>
    `The CSV file is missing required columns: ${missing.join(', ')}`,
  notUtf8:
    'The file mixes text encodings (UTF-8 and another); save it as "CSV UTF-8" and upload it again',
  binary: 'The file contains binary data, not CSV text',
  unreadableWorkbook:
    'The file looks like an Excel workbook (.xlsx or .xls) but could not be read; save it as "CSV UTF-8" and upload that',
  unclosedQuote: 'a quoted field is opened and never closed',
  sameData: (orderNumber: string) => `Order ${orderNumber} already exists with the same data`,
  duplicate: (orderNumber: string, firstRow: number) =>
    `Order ${orderNumber} also appears on row ${firstRow}; the later row wins`,
  statusKept: (orderNumber: string, stored: string, given: string) =>
    `Order ${orderNumber} is already ${stored}; the file's status '${given}' was not applied`,
  notStored: (orderNumber: string, reason: string) =>
    `Order ${orderNumber} could not be stored (${reason}); upload the file again`,
  cut: 'The import stopped: the database stopped answering. Please upload the file again in a moment.',
  storedBefore: (stored: number, row: number) =>
    `${stored} orders of the file were stored before row ${row}; uploading it again skips them as the same data`,
  unchecked: (from: number, to: number) =>
    `The database did not say whether the orders of rows ${from} to ${to} were stored; uploading the file again stores each of them once`,
  unknownStatus: (given: string, stored: string) =>
    `Unknown status '${given}' was not stored (the statuses are ${trackingEntryStatuses.join(', ')}); the order is ${stored}`,
  unfindable: (lacking: readonly ('email' | 'postcode')[]) =>
    `No ${lacking.join(' or ')}: the buyer cannot look this order up on the tracking page until it has ${lacking.length > 1 ? 'both' : 'one'}`,
  raced: (orderNumber: string) =>
    `Order ${orderNumber} was changed by another import at the same time; upload the file again`,
} as const;

/** Warnings and errors kept in the answer; beyond this a file is mostly wrong and one line says so. */
export const MAX_REPORTED_ROWS = 1_000;

/** What an import did, row by row. */
export interface ImportCounts {
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Rows whose batch is stored. */
  written: number;
}

/** The warnings and errors of an import by row, capped at `MAX_REPORTED_ROWS` each. */
export class RowReport {
  readonly warnings: UploadResult['warnings'] = [];
  readonly errors: UploadResult['errors'] = [];
  private droppedWarnings = 0;
  private droppedErrors = 0;

  warn(row: number, message: string) {
    if (this.warnings.length < MAX_REPORTED_ROWS) this.warnings.push({ row, message });
    else this.droppedWarnings += 1;
  }
  fail(row: number, errors: string[]) {
    if (this.errors.length < MAX_REPORTED_ROWS) this.errors.push({ row, errors });
    else this.droppedErrors += 1;
  }
  finish() {
    // A batch's write warnings arrive while the next batch is parsed; the seller reads by row.
    const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
    this.warnings.sort(byRow);
    this.errors.sort(byRow);
    if (this.droppedWarnings) {
      this.warnings.push({ row: 0, message: `${this.droppedWarnings} more warnings not listed` });
    }
    if (this.droppedErrors) {
      this.errors.push({ row: 0, errors: [`${this.droppedErrors} more failed rows not listed`] });
    }
  }
}
