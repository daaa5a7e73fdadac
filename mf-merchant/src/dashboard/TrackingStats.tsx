import type { ReactNode } from 'react';
import type { getSummary, ResponseOf } from '@onvelope/contracts';
import { statCounters } from './tracking-stats.js';

type Summary = ResponseOf<typeof getSummary>;

/**
 * spec 000 §2: the counters (total, delivered, shipped, partially shipped, pending, and processing
 * and cancelled so that they add up). They count the seller's whole book, whatever the table's
 * filter and hide-shipped toggle show, and say so.
 */
export function TrackingStats({
  summary,
  error,
  children,
}: {
  summary: Summary | null;
  error: string | null;
  /** The store-front parts of the block (connected stores, last sync, live progress). */
  children?: ReactNode;
}) {
  return (
    <section className="me-stats" aria-label="Tracking stats" data-testid="tracking-stats">
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="summary-error">
          {error}
        </p>
      )}
      {children}
      <p className="me-stats__scope" id="me-stats-scope" data-testid="stats-scope">
        All your orders, by status, whatever the table shows
      </p>
      <dl className="me-stats__grid" aria-describedby="me-stats-scope">
        {statCounters(summary).map(({ key, label, value }) => (
          <div key={key} className={`me-stat me-stat--${key}`}>
            <dt>{key === 'total' ? `${label} (all orders)` : label}</dt>
            <dd data-testid={`stat-${key}`}>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
