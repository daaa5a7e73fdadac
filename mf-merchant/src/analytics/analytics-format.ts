import { dateDisplayIn, formatDate, formatDay, missingDate } from '@onvelope/ui';

// Money is `formatMoney` of @onvelope/ui, in each answer's currency (issue 38 item 4): spec 001
// §9's "analytics use GBP" showed a US store's dollars as pounds.
const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const shares = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A count with thousands separators ('1,234'); a fractional quantity keeps two decimals. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share out of 100: '42.9%'. */
export function formatPercent(value: number): string {
  return `${shares.format(value)}%`;
}

// Analytics days are calendar days of the analytics time zone, sent as 'YYYY-MM-DD', written in the
// workspace's one date format (`formatDay`), which never shifts them by the browser's zone.

/** '2026-03-01' -> 'Mar 1', for a chart's labels. */
export function dayLabel(day: string): string {
  return formatDay(day, 'monthDay');
}

/** '2026-03-01' -> 'Sun, Mar 1, 2026', for tables and descriptions. */
export function fullDayLabel(day: string): string {
  return formatDay(day, 'weekday');
}

/** The first and last day of a range: 'Mar 1, 2026 – Mar 30, 2026'. */
export function dateSpanLabel(range: { from: string; to: string }): string {
  return `${formatDay(range.from, 'date')} – ${formatDay(range.to, 'date')}`;
}

/**
 * The day of a moment in the time zone the seller's analytics count in (the answer's
 * `range.timeZone`, the seller's setting): 'Jan 3, 2025'; '—' for none.
 */
export function momentDayLabel(iso: string | null, timeZone: string): string {
  return formatDate(iso, missingDate, dateDisplayIn(timeZone));
}

/** Hour 9 of the day -> '09:00'. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** Hour 9 of the day -> '09:00–10:00', the hour as a stretch of time. */
export function hourSpanLabel(hour: number): string {
  return `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;
}
