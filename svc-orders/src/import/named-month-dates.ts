import { onSellerClock } from './seller-clock.js';

/**
 * Dates written with a month's name, as store exports write them: eBay's 'Mar-15-16' and
 * 'Jul-21-25' (month first), '15-Mar-16' and '15 March 2025' (day first), Temu's German
 * '15. Jan. 2025, 10:32 Uhr CET(UTC+1)', Wix's 'Jan 5, 2024 10:05 AM'. The month's name, not
 * the file's date order, says which part is the day.
 */

// English, German, French, Spanish and Italian names and abbreviations, lower case, no dots.
const MONTHS: Record<string, number> = {};
const monthNames: readonly (readonly string[])[] = [
  ['january', 'jan', 'januar', 'jän', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen'],
  ['february', 'feb', 'februar', 'février', 'févr', 'fevrier', 'fevr', 'febrero', 'febbraio'],
  ['march', 'mar', 'märz', 'mär', 'maerz', 'mars', 'marzo'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott'],
  ['november', 'nov', 'novembre', 'noviembre'],
  [
    'december',
    'dec',
    'dezember',
    'dez',
    'décembre',
    'déc',
    'decembre',
    'diciembre',
    'dic',
    'dicembre',
  ],
];
monthNames.forEach((names, index) => names.forEach((name) => (MONTHS[name] = index + 1)));

// Hours east of UTC of the zone names the exports write after a time.
const ZONES: Record<string, number> = {
  utc: 0,
  gmt: 0,
  z: 0,
  wet: 0,
  bst: 1,
  cet: 1,
  west: 1,
  cest: 2,
  mez: 1,
  mesz: 2,
  eet: 2,
  eest: 3,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
};

const WORD = '([a-zà-ÿ]{3,10})\\.?';
const DAY = '(\\d{1,2})\\.?';
const YEAR = '(\\d{4}|\\d{2})';
const SEP = '[\\s,/-]+';
// Day first: '15-Mar-16', '15 March 2025', '15. Jan. 2025'; month first: 'Mar-15-16', 'Jan 5, 2024'.
const DAY_FIRST = new RegExp(`^${DAY}${SEP}${WORD}${SEP}${YEAR}(?:${SEP}(.*))?$`, 'i');
const MONTH_FIRST = new RegExp(`^${WORD}${SEP}${DAY}${SEP}${YEAR}(?:${SEP}(.*))?$`, 'i');
// '10:32', '10:32:05 PM', '10:32 Uhr', each maybe followed by a zone ('CET(UTC+1)', 'PST', '+01:00').
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*(?:uhr)?\s*(.*)$/i;
const OFFSET = /(?:utc|gmt)?\s*([+-])(\d{1,2})(?::?(\d{2}))?\)?$/i;

/** Minutes east of UTC a zone text names ('CET(UTC+1)', 'PDT', '+0100', 'GMT-05:00'); null for none. */
function offsetMinutesOf(zone: string): number | null {
  const text = zone.trim();
  const offset = OFFSET.exec(text);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    return offset[1] === '-' ? -minutes : minutes;
  }
  const hours = ZONES[text.toLowerCase()];
  return hours === undefined ? null : hours * 60;
}

/**
 * The date of a cell that names its month, or null for any other text. A time without a zone, or a
 * date alone, is on the seller's clock (`timeZone`, `onSellerClock`).
 */
export function parseNamedMonthDate(value: string, timeZone = 'UTC'): Date | null {
  const text = value.trim();
  const dayFirst = DAY_FIRST.exec(text);
  const monthFirst = dayFirst ? null : MONTH_FIRST.exec(text);
  const parts = dayFirst
    ? { day: dayFirst[1]!, month: dayFirst[2]!, year: dayFirst[3]!, rest: dayFirst[4] }
    : monthFirst
      ? { day: monthFirst[2]!, month: monthFirst[1]!, year: monthFirst[3]!, rest: monthFirst[4] }
      : null;
  if (!parts) return null;
  const month = MONTHS[parts.month.toLowerCase()];
  if (!month) return null;
  const year = parts.year.length === 2 ? 2000 + Number(parts.year) : Number(parts.year);
  const day = Number(parts.day);

  let [hours, minutes, seconds] = [0, 0, 0];
  /** Minutes east of UTC, when the cell names its zone. */
  let offset: number | null = null;
  const rest = parts.rest?.trim() ?? '';
  if (rest) {
    const time = TIME.exec(rest);
    if (!time) return null;
    hours = Number(time[1]);
    minutes = Number(time[2]);
    seconds = Number(time[3] ?? 0);
    const meridiem = time[4]?.toLowerCase().replace(/\./g, '');
    if (meridiem) hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
    const zone = time[5]?.trim();
    if (zone) {
      offset = offsetMinutesOf(zone);
      if (offset === null) return null;
    }
  }
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return offset === null
    ? onSellerClock(date, timeZone)
    : new Date(date.getTime() - offset * 60_000);
}
