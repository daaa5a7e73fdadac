import type { ExportValues, LineField } from './file-fields.js';

/** One order as read from a file: its first row's number, its cells and its line rows' cells. */
export interface RawOrder {
  firstRow: number;
  /** How many rows of the file it took. */
  rows: number;
  values: ExportValues;
  lines: ExportValues[];
}

const lineFields: readonly LineField[] = [
  'lineName',
  'lineQuantity',
  'linePrice',
  'lineSku',
  'lineOption',
];

const numberOf = (values: ExportValues) => values.orderNumber?.trim() ?? '';

/**
 * Turns a file's rows into orders. In an export with a row per line item the rows of one order
 * follow each other: they become one order whose cells are the first non-empty of its rows (the
 * stores write the order's details on its first row only) and whose lines are every row's line
 * cells. In any other file each row is an order. `push` answers the order a row completed, if
 * any; `finish` the last one.
 */
export function createOrderGrouper(lineRows: boolean) {
  let current: RawOrder | null = null;
  return {
    push(row: number, values: ExportValues): RawOrder | null {
      if (!lineRows) return { firstRow: row, rows: 1, values, lines: [] };
      const line = Object.fromEntries(lineFields.map((field) => [field, values[field]]));
      if (current && numberOf(values) && numberOf(values) === numberOf(current.values)) {
        for (const [field, value] of Object.entries(values) as [keyof ExportValues, string][]) {
          if (!current.values[field]?.trim() && value.trim()) current.values[field] = value;
        }
        current.lines.push(line);
        current.rows += 1;
        return null;
      }
      const completed = current;
      current = { firstRow: row, rows: 1, values: { ...values }, lines: [line] };
      return completed;
    },
    finish(): RawOrder | null {
      const last = current;
      current = null;
      return last;
    },
  };
}
