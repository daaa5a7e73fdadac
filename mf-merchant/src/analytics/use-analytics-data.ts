import { useEffect } from 'react';
import { useNavigate } from '@onvelope/router';
import {
  countriesAnalytics,
  customerBehaviorAnalytics,
  deliveryTimesAnalytics,
  peakTimesAnalytics,
  popularItemsAnalytics,
  revenueTrendsAnalytics,
  shippingPerformanceAnalytics,
  type AnalyticsRange,
  type CountriesResponse,
  type CustomerBehaviorResponse,
  type DeliveryTimesResponse,
  type PeakTimesResponse,
  type PopularItemLimit,
  type PopularItemsResponse,
  type RevenueTrendsResponse,
  type ShippingPerformanceResponse,
} from '@onvelope/contracts';
import { ApiError, clearMerchantSession } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { usePanelLoad, type PanelLoad } from './use-panel-load.js';

export interface AnalyticsData {
  countries: PanelLoad<CountriesResponse>;
  popularItems: PanelLoad<PopularItemsResponse>;
  revenueTrends: PanelLoad<RevenueTrendsResponse>;
  customerBehavior: PanelLoad<CustomerBehaviorResponse>;
  shippingPerformance: PanelLoad<ShippingPerformanceResponse>;
  peakTimes: PanelLoad<PeakTimesResponse>;
  deliveryTimes: PanelLoad<DeliveryTimesResponse>;
  /** Some call is still under way. */
  loading: boolean;
  /** Some call failed for another reason than the session (spec 001 §8's one message). */
  failed: boolean;
}

interface AnalyticsQuery {
  range: AnalyticsRange;
  itemLimit: PopularItemLimit;
  /** The currency of the money panels; undefined for the seller's main one. */
  currency: string | undefined;
  /** Goes up by one for each Refresh Data, to ask every panel again. */
  refreshCount: number;
}

/**
 * The calls of the analytics screen: the six of spec 001 §7 and, beyond the spec, the carriers'
 * delivery times (issue 33). A panel is asked again only when its own
 * parameters change: the time range reloads every panel (the all-time ones compare their headline
 * figures over it), the number of items the popular items. A 401 on any of them clears the session and
 * goes to /login (spec 001 §4).
 */
export function useAnalyticsData({
  range,
  itemLimit,
  currency,
  refreshCount,
}: AnalyticsQuery): AnalyticsData {
  // The panels with money are asked again when the currency changes; delivery times have none.
  const money = { days: range, ...(currency ? { currency } : {}) };
  const moneyKey = `${refreshCount}/${range}/${currency ?? ''}`;
  const panels = {
    countries: usePanelLoad(moneyKey, (signal) =>
      merchantApi.call(countriesAnalytics, { query: money, signal }),
    ),
    popularItems: usePanelLoad(`${moneyKey}/${itemLimit}`, (signal) =>
      merchantApi.call(popularItemsAnalytics, {
        query: { limit: itemLimit, ...money },
        signal,
      }),
    ),
    revenueTrends: usePanelLoad(moneyKey, (signal) =>
      merchantApi.call(revenueTrendsAnalytics, {
        query: { period: 'daily', ...money },
        signal,
      }),
    ),
    customerBehavior: usePanelLoad(moneyKey, (signal) =>
      merchantApi.call(customerBehaviorAnalytics, { query: money, signal }),
    ),
    shippingPerformance: usePanelLoad(moneyKey, (signal) =>
      merchantApi.call(shippingPerformanceAnalytics, { query: money, signal }),
    ),
    peakTimes: usePanelLoad(moneyKey, (signal) =>
      merchantApi.call(peakTimesAnalytics, { query: money, signal }),
    ),
    deliveryTimes: usePanelLoad(`${refreshCount}/${range}`, (signal) =>
      merchantApi.call(deliveryTimesAnalytics, { query: { days: range }, signal }),
    ),
  };
  const loads: PanelLoad<unknown>[] = Object.values(panels);
  const errors = loads.flatMap((load) => (load.status === 'failed' ? [load.error] : []));
  const sessionOver = errors.some((error) => error instanceof ApiError && error.isSessionExpired);

  const navigate = useNavigate();
  useEffect(() => {
    if (!sessionOver) return;
    clearMerchantSession();
    void navigate('/login', { replace: true });
  }, [sessionOver, navigate]);

  return {
    ...panels,
    loading: loads.some((load) => load.status === 'loading'),
    failed: errors.length > 0 && !sessionOver,
  };
}
