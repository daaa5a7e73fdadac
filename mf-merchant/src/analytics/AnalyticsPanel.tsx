import type { ReactNode } from 'react';
import { emptyPanelTexts, type AnalyticsPanelId } from './analytics-panels.js';
import type { PanelLoad } from './use-panel-load.js';

interface AnalyticsPanelProps<T> {
  id: AnalyticsPanelId;
  title: string;
  /** The stretch of time the panel covers: 'All time', 'Last 30 days'. */
  scope: string;
  load: PanelLoad<T>;
  /** Whether the answer has anything to show; without, the panel says the spec's empty text. */
  hasData: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** Spans the whole width of the grid (the charts over time). */
  wide?: boolean;
}

/** One panel of the analytics screen: its title and scope, then loading, empty or its content. */
export function AnalyticsPanel<T>({
  id,
  title,
  scope,
  load,
  hasData,
  children,
  wide,
}: AnalyticsPanelProps<T>) {
  const headingId = `analytics-${id}-title`;
  return (
    <section
      className={`ov-card me-analytics__panel${wide ? ' me-analytics__panel--wide' : ''}`}
      aria-labelledby={headingId}
      aria-busy={load.status === 'loading'}
      data-testid={`analytics-panel-${id}`}
    >
      <header className="me-analytics__panel-head">
        <h2 id={headingId}>{title}</h2>
        <span className="me-analytics__scope">{scope}</span>
      </header>
      {load.status === 'loading' && (
        <p className="me-analytics__placeholder" role="status">
          Loading…
        </p>
      )}
      {load.status === 'failed' && <p className="me-analytics__placeholder">Not loaded.</p>}
      {load.status === 'ready' &&
        (hasData(load.data) ? (
          children(load.data)
        ) : (
          <p className="me-analytics__empty" data-testid={`analytics-empty-${id}`}>
            {emptyPanelTexts[id]}
          </p>
        ))}
    </section>
  );
}
