/**
 * When a seller's daily digest of buyers' queries is due: at `DIGEST_HOUR`:00 on the seller's own
 * clock (their time zone), whatever the server's. Pure, so the 08:00 boundary, the zone and the
 * changes of summer time are unit-tested without waiting for a morning.
 */

/** The hour of the seller's day the digest goes (issue 34: 08:00). */
export const DIGEST_HOUR = 8;

export interface DigestTime {
  /** The instant of that morning's `DIGEST_HOUR`:00 in the seller's zone. */
  at: Date;
  /** The seller's calendar date of that morning, `YYYY-MM-DD`: the digest's key. */
  localDate: string;
}

interface LocalParts {
  year: number;
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

function localPartsOf(instant: Date, timeZone: string): LocalParts {
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

const dateText = ({ year, month, day }: Pick<LocalParts, 'year' | 'month' | 'day'>) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The instant the seller's clock reads `hour`:00 on `localDate`. The zone's offset is read at a
 * first guess and the guess corrected by it; a second pass settles a guess that crossed a change
 * of offset. (An hour the clocks skip resolves to the instant just after the jump.)
 */
export function zonedInstant(localDate: string, hour: number, timeZone: string): Date {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  for (let pass = 0; pass < 3; pass += 1) {
    const local = localPartsOf(new Date(guess), timeZone);
    const readsAs = Date.UTC(
      local.year,
      local.month - 1,
      local.day,
      local.hour,
      local.minute,
      local.second,
    );
    if (readsAs === wanted) break;
    guess += wanted - readsAs;
  }
  return new Date(guess);
}

const previousDate = (localDate: string) =>
  new Date(Date.parse(`${localDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The latest digest time at or before `now`: today's `hour`:00 on the seller's clock once it has
 * passed, else yesterday's.
 *
 * @example latestDigestTime(new Date('2026-03-02T07:59:00Z'), 'Europe/London')
 *   // { at: 2026-03-01T08:00:00Z, localDate: '2026-03-01' }
 */
export function latestDigestTime(now: Date, timeZone: string, hour = DIGEST_HOUR): DigestTime {
  const today = dateText(localPartsOf(now, timeZone));
  const at = zonedInstant(today, hour, timeZone);
  if (at.getTime() <= now.getTime()) return { at, localDate: today };
  const yesterday = previousDate(today);
  return { at: zonedInstant(yesterday, hour, timeZone), localDate: yesterday };
}
