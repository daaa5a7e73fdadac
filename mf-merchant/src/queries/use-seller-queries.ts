import { useCallback, useEffect, useState } from 'react';
import { listSellerQueries, type ResponseOf } from '@onvelope/contracts';
import { failureMessage } from '@onvelope/ui';
import { merchantApi } from '../api.js';

export type OrderQuery = ResponseOf<typeof listSellerQueries>['queries'][number];

/** How often the dashboard asks for new buyer queries while it is open (not in the spec). */
export const queriesRefreshMs = 60_000;

/**
 * The seller's buyer queries (`GET /api/public/seller-queries`), loaded when the dashboard opens,
 * every minute after, and whenever `reload` is called; `replace` swaps in one query an answer
 * brought back (read, replied) without a reload.
 */
export function useSellerQueries() {
  const [queries, setQueries] = useState<OrderQuery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadCount, setLoadCount] = useState(0);
  const reload = useCallback(() => setLoadCount((count) => count + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    merchantApi
      .call(listSellerQueries, { signal: controller.signal })
      .then((answer) => {
        setQueries(answer.queries);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setError(failureMessage(caught, 'Failed to load order queries'));
        }
      });
    const timer = setTimeout(reload, queriesRefreshMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [loadCount, reload]);

  const replace = useCallback((query: OrderQuery) => {
    setQueries((current) => current?.map((item) => (item.id === query.id ? query : item)) ?? null);
  }, []);

  return { queries, error, reload, replace };
}
