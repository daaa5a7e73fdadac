import { analyticsPanelLimits, type RevenueTrendRow } from '@onvelope/contracts';

const dayMs = 86_400_000;

/** Every day from `from` to `to` ('YYYY-MM-DD', both included); none when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  const days: string[] = [];
  for (let time = first; time <= last; time += dayMs) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Every day of the range with its figures: the answer lists only the days that had orders, and a
 * chart must show the quiet days too, as zero.
 */
export function everyDayOf(
  rows: readonly RevenueTrendRow[],
  range: { from: string; to: string },
): RevenueTrendRow[] {
  const byDay = new Map(rows.map((row) => [row.period, row]));
  return daysBetween(range.from, range.to).map(
    (period) => byDay.get(period) ?? { period, revenue: 0, orderCount: 0, avgOrderValue: 0 },
  );
}

/** Spec 001 §9: the revenue bars are the last 14 days of the range (fewer when it is shorter). */
export function lastDaysOf(
  rows: readonly RevenueTrendRow[],
  range: { from: string; to: string },
  count: number = analyticsPanelLimits.revenueBars,
): RevenueTrendRow[] {
  return everyDayOf(rows, range).slice(-count);
}

/** The sum of one figure over rows. */
export function totalOf<T>(rows: readonly T[], figure: (row: T) => number): number {
  return rows.reduce((sum, row) => sum + figure(row), 0);
}

/** The row with the most orders (the first of equals), or null when none had any. */
export function busiestOf<T extends { orderCount: number }>(rows: readonly T[]): T | null {
  return rows.reduce<T | null>(
    (best, row) => (row.orderCount > (best?.orderCount ?? 0) ? row : best),
    null,
  );
}

export interface Change {
  /** 'new': the previous period had none, so there is no share to give. */
  direction: 'up' | 'down' | 'same' | 'new';
  /** '+12.5%', '-3%', 'No change' or 'New'. */
  label: string;
}

const signedShare = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 1,
});

/** How a figure moved against the same figure over the previous period of the same length. */
export function changeAgainst(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0
      ? { direction: 'same', label: 'No change' }
      : { direction: 'new', label: 'New' };
  }
  const ratio = (current - previous) / Math.abs(previous);
  // Rounded as shown, so '+0%' never appears as a rise.
  const shown = Math.round(ratio * 1000) / 1000;
  if (shown === 0) return { direction: 'same', label: 'No change' };
  return { direction: shown > 0 ? 'up' : 'down', label: signedShare.format(shown) };
}
