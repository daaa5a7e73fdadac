import { parseNamedMonthDate } from './named-month-dates.js';
import { onSellerClock } from './seller-clock.js';

/** Which part of a numeric date like 03/04/2025 is the day. */
export type DateOrder = 'dayFirst' | 'monthFirst';

/**
 * What reading a file may ask of the seller's account settings, each only when the file needs it:
 * null when they set none or it cannot be asked.
 */
export interface SellerSettings {
  country(): Promise<string | null>;
  timeZone(): Promise<string | null>;
}

/** How a whole file writes its dates and numbers: decided once, so every row reads alike. */
export interface FileConventions {
  dateOrder: DateOrder;
  /** Whether numbers use a decimal comma (1.234,50) rather than a decimal point (1,234.50). */
  decimalComma: boolean;
  /** Said in the import's result when the file itself did not show its date order. */
  note: string | null;
  /** Whether the first rows hold numeric dates (03/04/2025), the only ones the date order decides. */
  numericDates: boolean;
  /**
   * The zone of a date or time written without one: the seller's (account settings), since a
   * store's export writes the shop's clock; UTC when their first rows write every date with a
   * zone, or the seller's cannot be asked.
   */
  timeZone: string;
}

// 31/12/2022, 12/31/22, 7/25/2018 21:06, 31.12.2022, 31-12-2022 (a time may follow).
const NUMERIC_DATE =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?)?$/i;
// 2025-03-01, 2025-03-01T10:00:00Z, 2025-04-01 17:18:52 -0700, 2025-04-01 17:18 +01:00.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Countries whose people write the month first (the United States and a few of its neighbours). */
const MONTH_FIRST_COUNTRIES = new Set(['US', 'PH', 'FM', 'MH', 'PW']);

/**
 * The date order and number style of a file, from samples of its first rows' date and money
 * cells. A date with a first part over 12 shows day-first, one with a second part over 12
 * month-first; when no date shows either, the seller's country decides (GB and most others day
 * first, the US month first) and the result says so; with no country known, month first, the
 * en-US form the spec displays. A decimal comma is used when some amount shows one (5,50 or
 * 1.234,50) and none shows a decimal point.
 */
export async function decideConventions(
  samples: { dates: readonly string[]; amounts: readonly string[] },
  seller: SellerSettings,
): Promise<FileConventions> {
  // Asked only of a file whose first rows hold dates (one question an import), and at once, beside
  // the country asked below.
  const timeZone = samples.dates.length > 0 ? seller.timeZone() : Promise.resolve(null);
  let dayFirst = 0;
  let monthFirst = 0;
  for (const date of samples.dates) {
    const parts = NUMERIC_DATE.exec(date.trim());
    if (!parts) continue;
    if (Number(parts[1]) > 12) dayFirst += 1;
    else if (Number(parts[2]) > 12) monthFirst += 1;
  }
  let dateOrder: DateOrder;
  let note: string | null = null;
  const hasNumericDates = samples.dates.some((date) => NUMERIC_DATE.test(date.trim()));
  if (dayFirst || monthFirst) dateOrder = dayFirst >= monthFirst ? 'dayFirst' : 'monthFirst';
  else if (!hasNumericDates) dateOrder = 'monthFirst';
  else {
    // Asked only now: most files show their order, or have no numeric dates at all.
    const country = (await seller.country())?.trim().toUpperCase() || null;
    dateOrder = !country || MONTH_FIRST_COUNTRIES.has(country) ? 'monthFirst' : 'dayFirst';
    const reading = dateOrder === 'dayFirst' ? 'day first (3 April)' : 'month first (4 March)';
    note = country
      ? `Dates such as 03/04 were read ${reading}, as is usual in ${country} (your account's country)`
      : `Dates such as 03/04 were read ${reading}; set your country in account settings to read them day first`;
  }
  const commaDecimal = samples.amounts.some((amount) => /^-?[\d.]*\d,\d{1,2}$/.test(bare(amount)));
  const pointDecimal = samples.amounts.some((amount) => /^-?[\d,]*\d\.\d{1,2}$/.test(bare(amount)));
  return {
    dateOrder,
    decimalComma: commaDecimal && !pointDecimal,
    note,
    numericDates: hasNumericDates,
    timeZone: (await timeZone) || 'UTC',
  };
}

const bare = (amount: string) => amount.trim().replace(/[£$€\s]|[A-Z]{3}$/g, '');

/** The conventions of a file whose first rows showed nothing: point decimals, month first. */
export const defaultConventions: FileConventions = {
  dateOrder: 'monthFirst',
  decimalComma: false,
  note: null,
  numericDates: false,
  timeZone: 'UTC',
};

const validDate = (year: number, month: number, day: number, time: number[] = [0, 0, 0]) => {
  const date = new Date(Date.UTC(year, month - 1, day, time[0], time[1], time[2]));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : null;
};

/**
 * A date from a cell in any form the stores export, numeric dates read in the file's order, dates
 * with a month's name by their own (`parseNamedMonthDate`); a date or time without a zone is on
 * the seller's clock (the file's `timeZone`, `onSellerClock`). Null when the cell is not a date.
 */
export function parseFileDate(
  value: string,
  { dateOrder, timeZone }: Pick<FileConventions, 'dateOrder' | 'timeZone'>,
): Date | null {
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = iso;
    const local = validDate(Number(year), Number(month), Number(day), [
      Number(hour),
      Number(minute),
      Number(second),
    ]);
    if (!local) return null;
    if (!zone) return onSellerClock(local, timeZone);
    if (zone.toUpperCase() === 'Z') return local;
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.replace(/[^\d]/g, '');
    const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    return new Date(local.getTime() - offsetMinutes * 60_000);
  }
  // Temu writes '15.03.2025 10:32 Uhr'; the word says nothing a time does not.
  const numeric = NUMERIC_DATE.exec(text.replace(/\s+uhr$/i, ''));
  if (!numeric) return parseNamedMonthDate(text, timeZone);
  const [, first, second, yearText, hour = '0', minute = '0', secondsText = '0', meridiem] =
    numeric;
  const [day, month] =
    dateOrder === 'dayFirst' ? [Number(first), Number(second)] : [Number(second), Number(first)];
  const year = yearText!.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  let hours = Number(hour);
  if (meridiem) hours = (hours % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  const local = validDate(year, month, day, [hours, Number(minute), Number(secondsText)]);
  return local && onSellerClock(local, timeZone);
}

/**
 * A number from a cell, allowing currency signs and codes and thousands separators, read with the
 * file's decimal mark ('£1,234.50', or '1.234,50' in a decimal-comma file). Null otherwise.
 */
export function parseFileNumber(value: string, decimalComma: boolean): number | null {
  let text = bare(value);
  text = decimalComma
    ? text.replace(/\.(?=\d{3}\b)/g, '').replace(',', '.')
    : text.replace(/,(?=\d{3}\b)/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}
