import type { DeliveryTimeFigures, DeliveryTimesResponse } from '@onvelope/contracts';
import { formatCount, formatPercent } from './analytics-format.js';

const days = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** Days from shipped to delivered: '2.4 days', '1 day', 'under 0.1 days'; '—' without deliveries. */
export function formatDays(value: number | null): string {
  if (value === null) return '—';
  if (value === 0) return 'under 0.1 days';
  return `${days.format(value)} ${value === 1 ? 'day' : 'days'}`;
}

/** The on-time share: '75%'; '—' when no delivery had an estimate to be measured against. */
export function formatOnTime({ onTimeShare }: Pick<DeliveryTimeFigures, 'onTimeShare'>): string {
  return onTimeShare === null ? '—' : formatPercent(onTimeShare);
}

/** What the on-time share is of: '3 of 4 with an estimate', or why there is none. */
export function onTimeBasis({
  onTime,
  withEstimate,
}: Pick<DeliveryTimeFigures, 'onTime' | 'withEstimate'>): string {
  return withEstimate
    ? `${formatCount(onTime)} of ${formatCount(withEstimate)} with an estimate`
    : 'No delivery had a carrier estimate';
}

/** The panel has something to show once the carrier has delivered in the range. */
export function hasDeliveryTimes({ data }: Pick<DeliveryTimesResponse, 'data'>): boolean {
  return data.overall.delivered > 0;
}
