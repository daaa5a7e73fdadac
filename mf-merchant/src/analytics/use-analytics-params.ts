import { useCallback } from 'react';
import { useSearchParams } from '@onvelope/router';
import type { AnalyticsRange, PopularItemLimit } from '@onvelope/contracts';
import { currencyFromParam, itemLimitFromParam, rangeFromParam } from './analytics-params.js';

export interface AnalyticsParams {
  range: AnalyticsRange;
  itemLimit: PopularItemLimit;
  /** The currency of the money (an ISO code or `NO_CURRENCY`); undefined: the seller's main one. */
  currency: string | undefined;
  setRange: (range: AnalyticsRange) => void;
  setItemLimit: (limit: PopularItemLimit) => void;
  setCurrency: (currency: string) => void;
}

/** The time range, the number of popular items and the currency, kept in the address. */
export function useAnalyticsParams(): AnalyticsParams {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (name: 'days' | 'limit' | 'currency', value: number | string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(name, String(value));
          return next;
        },
        // A choice of view is not a step the Back button should undo one by one.
        { replace: true },
      ),
    [setParams],
  );
  return {
    range: rangeFromParam(params.get('days')),
    itemLimit: itemLimitFromParam(params.get('limit')),
    currency: currencyFromParam(params.get('currency')),
    setRange: useCallback((range: AnalyticsRange) => set('days', range), [set]),
    setItemLimit: useCallback((limit: PopularItemLimit) => set('limit', limit), [set]),
    setCurrency: useCallback((currency: string) => set('currency', currency), [set]),
  };
}
