import type { getSummary, ResponseOf } from '@onvelope/contracts';

type Summary = ResponseOf<typeof getSummary>;

export interface StatCounter {
  /** Stable key for the test id and the colour (`stat-partially-shipped`). */
  key: string;
  label: string;
  value: number | null;
}

/**
 * The tracking stats as cards (spec 000 §2 counters, plus processing and cancelled so that the
 * cards add up): the total of the seller's whole book and one card per status, in the order an
 * order moves through them. A status outside the known ones (never written today) gets an 'Other'
 * card rather than leaving the cards short of the total.
 */
export function statCounters(summary: Summary | null): StatCounter[] {
  const counts = summary?.statusCounts;
  const byStatus: StatCounter[] = [
    { key: 'pending', label: 'Pending', value: counts?.pending ?? null },
    { key: 'processing', label: 'Processing', value: counts?.processing ?? null },
    {
      key: 'partially-shipped',
      label: 'Partially shipped',
      value: counts?.partiallyShipped ?? null,
    },
    { key: 'shipped', label: 'Shipped', value: counts?.shipped ?? null },
    { key: 'delivered', label: 'Delivered', value: counts?.delivered ?? null },
    { key: 'cancelled', label: 'Cancelled', value: counts?.cancelled ?? null },
  ];
  const total: StatCounter = { key: 'total', label: 'Total', value: summary?.total ?? null };
  if (!summary) return [total, ...byStatus];
  const counted = byStatus.reduce((sum, counter) => sum + (counter.value ?? 0), 0);
  const other = summary.total - counted;
  return other > 0
    ? [total, ...byStatus, { key: 'other', label: 'Other', value: other }]
    : [total, ...byStatus];
}
