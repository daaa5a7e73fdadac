import {
  analyticsRanges,
  NO_CURRENCY,
  popularItemLimits,
  type AnalyticsRange,
  type CurrencyRevenue,
  type PopularItemLimit,
} from '@onvelope/contracts';
import type { AnalyticsParams } from './use-analytics-params.js';

interface AnalyticsControlsProps extends AnalyticsParams {
  onRefresh: () => void;
  refreshing: boolean;
  /** The seller's currencies, and the one the money is shown in, once an answer says. */
  money: { currencies: CurrencyRevenue[]; shown: string | null } | null;
}

/** The query value of a currency: its code, or `NO_CURRENCY` for orders without one. */
const currencyValue = (currency: string | null) => currency ?? NO_CURRENCY;

/**
 * Spec 001 §2: the time range (7/30/90/365 days), the number of top items and Refresh Data; and,
 * for a seller with orders in more than one currency, which currency the money is shown in (issue
 * 38 item 4: amounts in different currencies are never added together).
 */
export function AnalyticsControls({
  range,
  itemLimit,
  setRange,
  setItemLimit,
  setCurrency,
  onRefresh,
  refreshing,
  money,
}: AnalyticsControlsProps) {
  return (
    <div className="me-analytics__controls" role="group" aria-label="Analytics options">
      <label className="me-inline-field">
        Time range
        <select
          value={range}
          onChange={(event) => setRange(Number(event.target.value) as AnalyticsRange)}
          data-testid="analytics-range"
        >
          {analyticsRanges.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </select>
      </label>
      <label className="me-inline-field">
        Top items
        <select
          value={itemLimit}
          onChange={(event) => setItemLimit(Number(event.target.value) as PopularItemLimit)}
          data-testid="analytics-item-limit"
        >
          {popularItemLimits.map((limit) => (
            <option key={limit} value={limit}>
              Top {limit}
            </option>
          ))}
        </select>
      </label>
      {money && money.currencies.length > 1 && (
        <label className="me-inline-field">
          Currency
          <select
            value={currencyValue(money.shown)}
            onChange={(event) => setCurrency(event.target.value)}
            data-testid="analytics-currency"
          >
            {money.currencies.map(({ currency }) => (
              <option key={currencyValue(currency)} value={currencyValue(currency)}>
                {currency ?? 'No currency'}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className="ov-button"
        onClick={onRefresh}
        disabled={refreshing}
        data-testid="analytics-refresh"
      >
        Refresh Data
      </button>
    </div>
  );
}
