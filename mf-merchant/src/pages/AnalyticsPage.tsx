import { useState } from 'react';
import { Link } from '@onvelope/router';
import type { RemotePage } from '@onvelope/ui';
import { AnalyticsControls } from '../analytics/AnalyticsControls.js';
import { CountriesPanel } from '../analytics/panels/CountriesPanel.js';
import { CustomerBehaviorPanel } from '../analytics/panels/CustomerBehaviorPanel.js';
import { DeliveryTimesPanel } from '../analytics/panels/DeliveryTimesPanel.js';
import { PeakTimesPanel } from '../analytics/panels/PeakTimesPanel.js';
import { PopularItemsPanel } from '../analytics/panels/PopularItemsPanel.js';
import { RevenueTrendsPanel } from '../analytics/panels/RevenueTrendsPanel.js';
import { ShippingPerformancePanel } from '../analytics/panels/ShippingPerformancePanel.js';
import { useAnalyticsData } from '../analytics/use-analytics-data.js';
import { useAnalyticsParams } from '../analytics/use-analytics-params.js';
import { analyticsFailureText } from '../analytics/analytics-panels.js';
import './merchant.css';
import './workspace.css';
import '../analytics/analytics.css';

/**
 * /analytics (spec 001 §2, §7): the six panels over the svc-analytics calls, with the time range,
 * the number of top items and Refresh Data; beyond the spec, the carriers' delivery times (issue 33). The shell loads this page as its own chunk, so the
 * charts never weigh on the dashboard.
 */
const AnalyticsPage: RemotePage<'mf_merchant/AnalyticsPage'> = () => {
  const params = useAnalyticsParams();
  const [refreshCount, setRefreshCount] = useState(0);
  const refresh = () => setRefreshCount((count) => count + 1);
  const data = useAnalyticsData({ ...params, refreshCount });

  return (
    <main className="ov-page me-page me-page--wide me-analytics" data-testid="analytics-page">
      <Link to="/dashboard" className="ov-button ov-button--secondary me-back">
        Back to Dashboard
      </Link>
      <div className="me-analytics__head">
        <h1>Analytics</h1>
        <AnalyticsControls
          {...params}
          onRefresh={refresh}
          refreshing={data.loading}
          money={
            data.revenueTrends.status === 'ready'
              ? {
                  currencies: data.revenueTrends.data.currencies,
                  shown: data.revenueTrends.data.currency,
                }
              : null
          }
        />
      </div>
      {data.failed && (
        <div className="ov-alert ov-alert--error me-analytics__failure" role="alert">
          <span data-testid="analytics-error">{analyticsFailureText}</span>
          <button
            type="button"
            className="ov-button ov-button--secondary"
            onClick={refresh}
            disabled={data.loading}
            data-testid="analytics-retry"
          >
            Try again
          </button>
        </div>
      )}
      <div className="me-analytics__grid">
        <CountriesPanel load={data.countries} range={params.range} />
        <PopularItemsPanel load={data.popularItems} limit={params.itemLimit} range={params.range} />
        <RevenueTrendsPanel load={data.revenueTrends} range={params.range} />
        <CustomerBehaviorPanel load={data.customerBehavior} range={params.range} />
        <ShippingPerformancePanel load={data.shippingPerformance} range={params.range} />
        <PeakTimesPanel load={data.peakTimes} range={params.range} />
        <DeliveryTimesPanel load={data.deliveryTimes} range={params.range} />
      </div>
    </main>
  );
};

export default AnalyticsPage;
