import { currencyCodeOf } from '@onvelope/contracts';

/**
 * The one way every screen writes an order's money (issue 38 item 4): in the order's own currency,
 * en-US like every number and date here (spec 000 §9, spec 001 §9). An amount whose currency is not
 * known is written as a plain number, never with a symbol it may not have: a seller's US dollars
 * once showed as pounds.
 */

/** What a missing amount shows. */
export const missingAmount = '—';

const moneyLocale = 'en-US';
const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per currency and style, built once: building one costs more than formatting. */
function formatterOf(currency: string | null, compact: boolean): Intl.NumberFormat {
  const key = `${currency ?? ''}:${compact}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(moneyLocale, {
      ...(currency ? { style: 'currency', currency } : { minimumFractionDigits: 2 }),
      ...(compact
        ? { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }
        : { maximumFractionDigits: 2 }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in its currency (an ISO 4217 code in any case); a plain number when the currency is
 * missing or not a currency; `missingAmount` when there is no amount.
 *
 * @example formatMoney(1234.5, 'USD') // '$1,234.50'
 * @example formatMoney(1234.5, 'GBP') // '£1,234.50'
 * @example formatMoney(1234.5, null) // '1,234.50'
 */
export function formatMoney(
  amount: number | null | undefined,
  currency: string | null | undefined,
): string {
  if (amount === null || amount === undefined) return missingAmount;
  return formatterOf(currencyCodeOf(currency), false).format(amount);
}

/**
 * An amount for a chart's scale, where space is short.
 *
 * @example formatMoneyShort(1250, 'USD') // '$1.3K'
 */
export function formatMoneyShort(amount: number, currency: string | null | undefined): string {
  return formatterOf(currencyCodeOf(currency), true).format(amount);
}
