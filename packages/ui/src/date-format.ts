/**
 * The one way every screen writes a date or a time (spec 000 §9, spec 001 §9: en-US). A column
 * shows the short form and keeps the exact time for its hover title, so a seller and a buyer read
 * the same dates the same way.
 */

/** What an empty or unreadable date shows, unless the caller asks for something else. */
export const missingDate = '—';

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The date alone, en-US, in the browser's time zone.
 *
 * @example formatDate('2026-03-01T14:05:09Z') // '3/1/2026'; formatDate(null, '') // ''
 */
export function formatDate(iso: string | null | undefined, missing: string = missingDate): string {
  return readDate(iso)?.toLocaleDateString('en-US') ?? missing;
}

/**
 * A calendar day (`YYYY-MM-DD`, a date without a time, such as a delivery estimate), en-US with its
 * weekday. Read as the day it names wherever the browser is: never shifted a day by a time zone.
 *
 * @example formatDay('2026-12-02') // 'Wed, Dec 2, 2026'; formatDay('soon') // '—'
 */
export function formatDay(day: string, missing: string = missingDate): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? readDate(`${day}T12:00:00Z`) : null;
  return (
    date?.toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }) ?? missing
  );
}

/**
 * The exact time, en-US: what a hover title and a detail view show.
 *
 * @example formatDateTime('2026-03-01T14:05:09Z') // '3/1/2026, 2:05:09 PM' in UTC
 */
export function formatDateTime(
  iso: string | null | undefined,
  missing: string = missingDate,
): string {
  return readDate(iso)?.toLocaleString('en-US') ?? missing;
}

/** A date as a cell shows it: the short `date`, and the `exact` time for its hover title. */
export interface DateCell {
  date: string;
  /** Absent when there is no date. */
  exact?: string;
}

/**
 * A date column's cell: the date, with the exact time on hover.
 *
 * @example <td title={cell.exact}>{cell.date}</td>  // dateCell(entry.createdAt)
 */
export function dateCell(iso: string | null | undefined): DateCell {
  const date = readDate(iso);
  return date
    ? { date: date.toLocaleDateString('en-US'), exact: date.toLocaleString('en-US') }
    : { date: missingDate };
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How long ago, in the words of spec 000 §9: 'Just now' under a minute, then minutes, hours and
 * days ('1 minute ago', '3 hours ago', '12 days ago'). A time a little in the future (a clock ahead
 * of the server's) counts as 'Just now'; an unreadable one gives ''.
 */
export function timeAgo(iso: string, now: Date): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = now.getTime() - then;
  if (elapsed < minute) return 'Just now';
  if (elapsed < hour) return ago(Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return ago(Math.floor(elapsed / hour), 'hour');
  return ago(Math.floor(elapsed / day), 'day');
}

/**
 * A relative time as a cell shows it: `timeAgo` as the `date`, the exact time on hover, so the
 * relative form never hides when something happened.
 */
export function timeAgoCell(iso: string | null | undefined, now: Date): DateCell {
  const date = readDate(iso);
  return date && iso
    ? { date: timeAgo(iso, now), exact: date.toLocaleString('en-US') }
    : { date: missingDate };
}

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
