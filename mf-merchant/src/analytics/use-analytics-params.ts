import { useCallback } from 'react';
import { useSearchParams } from '@onvelope/router';
import type { AnalyticsRange, PopularItemLimit } from '@onvelope/contracts';
import { itemLimitFromParam, rangeFromParam } from '../domain/analytics-params.js';

export interface AnalyticsParams {
  range: AnalyticsRange;
  itemLimit: PopularItemLimit;
  setRange: (range: AnalyticsRange) => void;
  setItemLimit: (limit: PopularItemLimit) => void;
}

/** The time range and the number of popular items, read from and written to the address. */
export function useAnalyticsParams(): AnalyticsParams {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (name: 'days' | 'limit', value: number) =>
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
    setRange: useCallback((range: AnalyticsRange) => set('days', range), [set]),
    setItemLimit: useCallback((limit: PopularItemLimit) => set('limit', limit), [set]),
  };
}
