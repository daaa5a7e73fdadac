/**
 * The one way every screen writes a date or a time (issue 38). Two forms, a date ('Nov 28, 2026')
 * and a date with its time ('Nov 28, 2026, 2:05 PM'), and the exact time with seconds and the zone
 * ('Nov 28, 2026, 2:05:09 PM GMT') for a hover title (`TimeText`). The locale is en-US (spec 000 §9
 * and spec 001 §9: "dates use the en-US format"); the time zone is the reader's: the seller's
 * account setting in the workspace, the browser's on the buyer pages.
 */

/** What an empty or unreadable date shows, unless the caller asks for something else. */
export const missingDate = '—';

/** The locale every date is written in (spec 000 §9, spec 001 §9). */
const dateLocale = 'en-US';

/** Where dates are read: the locale they are written in and the IANA zone they are counted in. */
export interface DateDisplay {
  locale: string;
  timeZone: string;
}

/** The browser's own zone: the buyer's, and the seller's until their account setting is known. */
function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Dates in en-US in `timeZone`, or in the browser's zone when there is none or the runtime does not
 * know it (a setting written by an older runtime must not blank every date on the screen).
 *
 * @example dateDisplayIn('Europe/Paris') // { locale: 'en-US', timeZone: 'Europe/Paris' }
 */
export function dateDisplayIn(timeZone: string | null | undefined): DateDisplay {
  return { locale: dateLocale, timeZone: isKnownZone(timeZone) ? timeZone : browserTimeZone() };
}

function isKnownZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat(dateLocale, { timeZone });
    return true;
  } catch {
    return false;
  }
}

const dateParts = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const dateTimeParts = { ...dateParts, hour: 'numeric', minute: '2-digit' } as const;
const exactParts = { ...dateTimeParts, second: '2-digit', timeZoneName: 'short' } as const;

/** The three ways a moment is written. */
export type TimeForm = 'date' | 'dateTime' | 'exact';

const partsOf: Record<TimeForm, Intl.DateTimeFormatOptions> = {
  date: dateParts,
  dateTime: dateTimeParts,
  exact: exactParts,
};

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A moment in one of the three forms, in `display`'s locale and zone; `missing` for none.
 *
 * @example formatTime('2026-11-28T14:05:09Z', 'exact', dateDisplayIn('UTC'))
 * // 'Nov 28, 2026, 2:05:09 PM UTC'
 */
export function formatTime(
  iso: string | null | undefined,
  form: TimeForm,
  display: DateDisplay = dateDisplayIn(null),
  missing: string = missingDate,
): string {
  const date = readDate(iso);
  return date ? formatterOf(form, display).format(date) : missing;
}

// A table of a hundred rows writes three hundred dates: a formatter is built once per form and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(form: TimeForm, { locale, timeZone }: DateDisplay): Intl.DateTimeFormat {
  const key = `${form} ${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...partsOf[form], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The date alone, for text that cannot be a `TimeText` (a sentence, a string a pure function
 * returns), in the browser's zone unless `display` says otherwise.
 *
 * @example formatDate('2026-03-01T14:05:09Z') // 'Mar 1, 2026'; formatDate(null, '') // ''
 */
export function formatDate(
  iso: string | null | undefined,
  missing: string = missingDate,
  display?: DateDisplay,
): string {
  return formatTime(iso, 'date', display, missing);
}

/** How a calendar day is written: with its weekday, alone, or as month and day for a chart. */
export type DayForm = 'weekday' | 'date' | 'monthDay';

const dayPartsOf: Record<DayForm, Intl.DateTimeFormatOptions> = {
  weekday: { weekday: 'short', ...dateParts },
  date: dateParts,
  monthDay: { day: 'numeric', month: 'short' },
};

/**
 * A calendar day (`YYYY-MM-DD`, a date without a time, such as a delivery estimate or an analytics
 * day), in the date form. Read as the day it names wherever the reader is: never shifted a day by a
 * time zone. A delivery estimate reads best with its weekday, hence the default.
 *
 * @example formatDay('2026-12-02') // 'Wed, Dec 2, 2026'; formatDay('2026-12-02', 'monthDay') // 'Dec 2'
 */
export function formatDay(
  day: string,
  form: DayForm = 'weekday',
  missing: string = missingDate,
): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? readDate(`${day}T12:00:00Z`) : null;
  if (!date) return missing;
  return new Intl.DateTimeFormat(dateLocale, { ...dayPartsOf[form], timeZone: 'UTC' }).format(date);
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

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
