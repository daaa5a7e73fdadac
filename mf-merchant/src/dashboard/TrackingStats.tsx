import type { ReactNode } from 'react';
import type { getSummary, ResponseOf } from '@onvelope/contracts';

type Summary = ResponseOf<typeof getSummary>;

/** spec 000 §2: the counters (total, delivered, shipped, partially shipped, pending). */
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
  const counters: [string, string, number | undefined][] = [
    ['total', 'Total', summary?.total],
    ['delivered', 'Delivered', summary?.statusCounts.delivered],
    ['shipped', 'Shipped', summary?.statusCounts.shipped],
    ['partially-shipped', 'Partially shipped', summary?.statusCounts.partiallyShipped],
    ['pending', 'Pending', summary?.statusCounts.pending],
  ];
  return (
    <section className="me-stats" aria-label="Tracking stats" data-testid="tracking-stats">
      {error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="summary-error">
          {error}
        </p>
      )}
      {children}
      <dl className="me-stats__grid">
        {counters.map(([key, label, value]) => (
          <div key={key} className={`me-stat me-stat--${key}`}>
            <dt>{label}</dt>
            <dd data-testid={`stat-${key}`}>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
