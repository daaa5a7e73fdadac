// EasyPost's servers render floats the way Ruby does, so a weight of 16 ounces goes out as `16.0`,
// and the official SDKs' webhook check (`validateWebhook`) rewrites a whole `"weight": 16` back to
// `16.0` before it recomputes the HMAC (easypost-node issue #467). The simulator writes weights the
// same way, with the SDK's own pattern, so a signature verifies on the raw body and on a body a
// framework parsed and serialised again.
const wholeWeight = /("weight":\s*)(\d+)(\s*)(?=,|\})/g;

/** JSON as EasyPost writes it: compact, with whole weights written as floats (`16.0`). */
export function toEasyPostJson(value: unknown): string {
  return JSON.stringify(value).replace(wholeWeight, '$1$2.0$3');
}

/** An EasyPost timestamp: ISO 8601 in UTC without milliseconds, `2025-05-09T20:40:17Z`. */
export function easyPostTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function wallClock(epochMs: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** `2026-08-31T03:32:20-05:00`: the moment as the clock on the wall of `timeZone` shows it. */
export function localTime(epochMs: number, timeZone: string): string {
  const { date, time } = wallClock(epochMs, timeZone);
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  const offsetMinutes = Math.round((Date.parse(`${date}T${time}Z`) - wholeSeconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${date}T${time}${sign}${hours}:${minutes}`;
}

/** The local date (`2026-09-02`) and time (`14:00:00`) of a moment in `timeZone`. */
export function localDateAndTime(
  epochMs: number,
  timeZone: string,
): { date: string; time: string } {
  return wallClock(epochMs, timeZone);
}
