/**
 * Clock readings in a time zone, for what a seller's own clock says: the hour their daily digest
 * goes, the moment a date in their file means. Pure (Intl's zone data), so services and screens
 * share one reading of summer time.
 */

/** What a clock in some zone reads: the calendar date and the time to the second. */
export interface WallTime {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one is slow next to using it); UTC for a zone Intl refuses. */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
    }
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * What a clock in `timeZone` reads at `instant`.
 *
 * @example wallTimeOf(new Date('2026-01-15T23:30:00Z'), 'Asia/Tokyo') // 2026-01-16 08:30:00
 */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const utcOf = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

const QUARTER_HOUR_MS = 15 * 60_000;
/** Offsets read, by zone and by quarter hour of UTC; dropped past a bound (a long import's days). */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 50_000;

/**
 * How far `timeZone`'s clock is ahead of UTC at `ms`, in milliseconds. Zones change their offset
 * on a quarter hour of UTC, so one reading (a few microseconds of Intl) serves its quarter hour:
 * an import reads two dates a row.
 */
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    offset = utcOf(wallTimeOf(new Date(start), timeZone)) - start;
    if (zone.size >= OFFSETS_KEPT) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/**
 * The instant a clock in `timeZone` reads `wall`. The zone's offset is read at a first guess and
 * the guess corrected by it; a second pass settles a guess that crossed a change of offset. (A
 * time the clocks skip resolves to the instant just after the jump.)
 *
 * @example instantOfWallTime({ year: 2026, month: 3, day: 2, hour: 8, minute: 0, second: 0 }, 'America/New_York')
 * // 2026-03-02T13:00:00.000Z
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const wanted = utcOf(wall);
  let guess = wanted;
  for (let pass = 0; pass < 3; pass += 1) {
    const readsAs = guess + offsetAt(guess, timeZone);
    if (readsAs === wanted) break;
    guess += wanted - readsAs;
  }
  return new Date(guess);
}
