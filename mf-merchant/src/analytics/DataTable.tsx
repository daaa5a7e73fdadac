import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Figures are right-aligned, so their digits line up. */
  numeric?: boolean;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A last row under the others (the countries' totals), one cell per column. */
  footer?: ReactNode[];
  testId?: string;
}

/**
 * A table of a panel's rows, or of a chart's figures (its text alternative). It scrolls sideways
 * inside its panel when it is wider than the screen; the page never does.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  testId,
}: DataTableProps<T>) {
  const align = (column: Column<T>) => (column.numeric ? 'me-analytics__number' : undefined);
  return (
    <div className="me-table-wrap" data-testid={testId}>
      <table className="me-table me-analytics__table">
        <caption className="me-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={align(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={align(column)}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {columns.map((column, index) => (
                <td key={column.header} className={align(column)}>
                  {footer[index]}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
