import { z } from 'zod';

/**
 * The ISO 4217 codes this runtime's Intl knows (upper case: 'USD', 'GBP', 'EUR'). Both sides run
 * ICU builds that list every current code, so a code accepted here is one `Intl.NumberFormat`
 * formats with its symbol on the server (exports) and in the browser (screens).
 */
const knownCurrencyCodes: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * The ISO 4217 code a source gives for an order's money, or null when it gives none or one that is
 * not a currency. Store-fronts and export files spell codes in either case and with padding
 * (Big Cartel's 'USD', a CSV's ' usd '); a symbol ('$', '£') is not a code, because '$' alone does
 * not say which dollar.
 *
 * @example currencyCodeOf(' usd ') // 'USD'
 * @example currencyCodeOf('$') // null
 */
export function currencyCodeOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && knownCurrencyCodes.has(code) ? code : null;
}

/** An order's currency as the contracts carry it: an ISO 4217 code in upper case. */
export const currencyCode = z
  .string()
  .refine((value) => currencyCodeOf(value) === value, 'must be an ISO 4217 currency code');
