import { currencyCodeOf } from '@onvelope/contracts';

/*
 * The currency an amount names by its symbol, for exports without a currency column (issue 39):
 * eBay writes '£12.50' on its UK site, 'US $12.50', 'AU $12.50' and 'C $12.50' where a site's
 * dollar must be told from another's, and '$12.50' alone on its US site; Temu writes '30,00€'.
 */

/** Symbols (upper case, without spaces) that name one currency wherever they are written. */
const CURRENCY_OF_SYMBOL: Readonly<Record<string, string>> = {
  '£': 'GBP',
  '€': 'EUR',
  US$: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  CAN$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  SG$: 'SGD',
  MX$: 'MXN',
  R$: 'BRL',
  ZŁ: 'PLN',
  KČ: 'CZK',
  FR: 'CHF',
  '₹': 'INR',
  '₩': 'KRW',
  '₺': 'TRY',
  '₪': 'ILS',
  '₱': 'PHP',
};

/** Symbols several countries write for their own currency: the country says which. */
const CURRENCY_BY_COUNTRY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  $: { US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN' },
  '¥': { JP: 'JPY', CN: 'CNY' },
  KR: { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' },
};

/** What an amount's text says of its currency. */
export type AmountCurrency =
  /** It names one (a code or a symbol, or a shared symbol the country decides). */
  | { currency: string }
  /** A symbol several currencies share ('$'), and no country that decides it. */
  | { currency: null; ambiguous: string }
  /** No symbol or code at all ('12.50'), or one this reader does not know. */
  | { currency: null };

/**
 * The currency an amount's text names: an ISO code ('GBP 12.50', '12.50 EUR') or a symbol before
 * or after the number ('£12.50', 'US $12.50', '12,50 €', 'AU $9.99', 'C $5'). A symbol several
 * currencies share ('$', '¥', 'kr') is decided by `country` (ISO 3166 alpha-2) where that
 * country writes it for its own currency, and is otherwise `ambiguous`.
 *
 * @example currencyOfAmount('US $12.50') // { currency: 'USD' }
 * @example currencyOfAmount('$12.50', 'CA') // { currency: 'CAD' }
 * @example currencyOfAmount('$12.50', 'GB') // { currency: null, ambiguous: '$' }
 */
export function currencyOfAmount(amount: string, country?: string | null): AmountCurrency {
  const marker = amount
    .replace(/[-+]?\d[\d\s.,'’]*/g, ' ')
    .replace(/[\s.()+-]+/g, '')
    .toUpperCase();
  if (!marker) return { currency: null };
  const code = currencyCodeOf(marker) ?? CURRENCY_OF_SYMBOL[marker];
  if (code) return { currency: code };
  const shared = CURRENCY_BY_COUNTRY[marker];
  if (!shared) return { currency: null };
  const byCountry = country ? shared[country.toUpperCase()] : undefined;
  return byCountry ? { currency: byCountry } : { currency: null, ambiguous: marker.toLowerCase() };
}
