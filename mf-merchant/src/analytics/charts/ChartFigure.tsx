import type { ReactNode } from 'react';
import { DataTable, type Column } from '../DataTable.js';

interface ChartFigureProps<T> {
  title: string;
  /** One line under the title: the figure to take away ('Busiest: 14:00–15:00, 12 orders'). */
  summary?: string;
  chart: ReactNode;
  /** The chart's figures as a table: its text alternative, behind "Show as table". */
  table: { columns: Column<T>[]; rows: readonly T[]; rowKey: (row: T) => string };
  /** The table is part of the panel's content (the segments' averages), not only an alternative. */
  tableVisible?: boolean;
  testId?: string;
}

/** A chart with its title, its summary in words and its figures as a table. */
export function ChartFigure<T>({
  title,
  summary,
  chart,
  table,
  tableVisible,
  testId,
}: ChartFigureProps<T>) {
  const figures = <DataTable caption={title} {...table} />;
  return (
    <figure className="me-analytics__chart-figure" data-testid={testId}>
      <figcaption>
        <span className="me-analytics__chart-title">{title}</span>
        {summary && <span className="me-analytics__chart-summary">{summary}</span>}
      </figcaption>
      {chart}
      {tableVisible ? (
        figures
      ) : (
        <details className="me-analytics__as-table">
          <summary>Show as table</summary>
          {figures}
        </details>
      )}
    </figure>
  );
}
