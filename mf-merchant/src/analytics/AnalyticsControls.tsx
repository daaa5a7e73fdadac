import {
  analyticsRanges,
  popularItemLimits,
  type AnalyticsRange,
  type PopularItemLimit,
} from '@onvelope/contracts';
import type { AnalyticsParams } from './use-analytics-params.js';

interface AnalyticsControlsProps extends AnalyticsParams {
  onRefresh: () => void;
  refreshing: boolean;
}

/** Spec 001 §2: the time range (7/30/90/365 days), the number of top items and Refresh Data. */
export function AnalyticsControls({
  range,
  itemLimit,
  setRange,
  setItemLimit,
  onRefresh,
  refreshing,
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
