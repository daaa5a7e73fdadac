import { instantOfWallTime } from '@onvelope/contracts';

/**
 * A date or time a file wrote without a zone, read as the seller's clock: `wall` holds what the
 * cell says as if it were UTC, and the answer is the instant the seller's clock read it. A date
 * alone is the start of that day where the seller is, so the dashboard, which shows dates in the
 * seller's zone, shows the day the file says (read as UTC, 5 January was 4 January in New York).
 *
 * @example onSellerClock(new Date('2025-01-05T00:00:00Z'), 'America/New_York') // 2025-01-05T05:00:00Z
 */
export function onSellerClock(wall: Date, timeZone: string): Date {
  if (timeZone === 'UTC') return wall;
  return instantOfWallTime(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    },
    timeZone,
  );
}
