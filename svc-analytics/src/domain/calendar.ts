/** Where an instant falls on a seller's calendar. */
export interface LocalTime {
  /** `YYYY-MM-DD`. */
  day: string;
  /** 0 to 23. */
  hour: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Days and hours in one time zone. Zone offsets change only on the hour, so each UTC hour is
 * converted once (`Intl` is slow next to the rest of a rollup) and kept.
 */
export function calendarOf(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const byUtcHour = new Map<number, LocalTime>();
  return {
    timeZone,
    localTime(instant: Date): LocalTime {
      const utcHour = Math.floor(instant.getTime() / HOUR_MS);
      let local = byUtcHour.get(utcHour);
      if (!local) {
        const parts = Object.fromEntries(
          format.formatToParts(new Date(utcHour * HOUR_MS)).map((part) => [part.type, part.value]),
        );
        local = { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
        byUtcHour.set(utcHour, local);
      }
      return local;
    },
  };
}
export type Calendar = ReturnType<typeof calendarOf>;

/** A seller's calendar by their time zone: one per zone, kept (a handful of zones are in use). */
export type CalendarFor = (timeZone: string) => Calendar;

export function calendarCache(): CalendarFor {
  const calendars = new Map<string, Calendar>();
  return (timeZone) => {
    let calendar = calendars.get(timeZone);
    if (!calendar) {
      calendar = calendarOf(timeZone);
      calendars.set(timeZone, calendar);
    }
    return calendar;
  };
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** The day `offset` days after `day` (before, when negative). */
export const addDays = (day: string, offset: number) => dayOfNumber(dayNumber(day) + offset);

/** 0 is Sunday, as JavaScript's `getDay`. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
