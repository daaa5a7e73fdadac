/**
 * When a seller's daily digest of buyers' queries is due: at `DIGEST_HOUR`:00 on the seller's own
 * clock (their time zone), whatever the server's. Pure, so the 08:00 boundary, the zone and the
 * changes of summer time are unit-tested without waiting for a morning.
 */

import { instantOfWallTime, wallTimeOf, type WallTime } from '@onvelope/contracts';

/** The hour of the seller's day the digest goes (issue 34: 08:00). */
export const DIGEST_HOUR = 8;

export interface DigestTime {
  /** The instant of that morning's `DIGEST_HOUR`:00 in the seller's zone. */
  at: Date;
  /** The seller's calendar date of that morning, `YYYY-MM-DD`: the digest's key. */
  localDate: string;
}

/**
 * The instant the seller's clock reads `hour`:00 on `localDate` (`instantOfWallTime`). (An hour
 * the clocks skip resolves to the instant just after the jump.)
 */
export function zonedInstant(localDate: string, hour: number, timeZone: string): Date {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  return instantOfWallTime({ year, month, day, hour, minute: 0, second: 0 }, timeZone);
}

const dateText = ({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

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
  const today = dateText(wallTimeOf(now, timeZone));
  const at = zonedInstant(today, hour, timeZone);
  if (at.getTime() <= now.getTime()) return { at, localDate: today };
  const yesterday = previousDate(today);
  return { at: zonedInstant(yesterday, hour, timeZone), localDate: yesterday };
}
