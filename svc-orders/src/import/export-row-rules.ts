import type { ExportValues, StoreExport } from './file-fields.js';
import type { ParsedRow } from './validate-row.js';

/** An order as its export's rows give it: its cells and its line rows' cells. */
export interface ExportOrder {
  values: ExportValues;
  lines: readonly ExportValues[];
}

/**
 * What an export says of an order beyond its columns' fields, read once the order is validated:
 * the currency its amounts' symbol names (eBay, Temu), or that its rows add tracking to orders the
 * seller already has (Royal Mail Click & Drop). Fields it fills without a column of their own are
 * named in the row's `given`.
 */
export type ExportRowRule = (row: ParsedRow, order: ExportOrder) => ParsedRow;

/** A store export with a rule of its own for its orders. */
export type StoreExportWithRule = StoreExport & { readRow: ExportRowRule };

const hasRowRule = (known: StoreExport | null): known is StoreExportWithRule =>
  typeof (known as Partial<StoreExportWithRule> | null)?.readRow === 'function';

/** A validated order as its export reads it: as validated for an export without a rule. */
export const readByExport = (
  known: StoreExport | null,
  row: ParsedRow,
  order: ExportOrder,
): ParsedRow => (hasRowRule(known) ? known.readRow(row, order) : row);
