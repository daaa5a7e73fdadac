import {
  analyticsPanelLimits,
  type AnalyticsRange,
  type CourierRow,
  type DeliveryStatusRow,
  type ShippingPerformanceResponse,
} from '@onvelope/contracts';
import { formatMoney } from '@onvelope/ui';
import { formatCount, formatPercent } from '../analytics-format.js';
import { hasShippingPerformance } from '../analytics-panels.js';
import { statusLabel } from '../../shared/display-format.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import { BarList } from '../charts/BarList.js';
import { ChartFigure } from '../charts/ChartFigure.js';
import { DataTable, type Column } from '../DataTable.js';
import { PeriodFigures } from '../PeriodFigures.js';
import type { PanelLoad } from '../use-panel-load.js';

const statusColumns: Column<DeliveryStatusRow>[] = [
  { header: 'Status', cell: (row) => statusLabel(row.status) },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Share', cell: (row) => formatPercent(row.percentage), numeric: true },
];

const courierColumns = (currency: string | null): Column<CourierRow>[] => [
  { header: 'Courier', cell: (row) => row.courier },
  { header: 'Orders shipped', cell: (row) => formatCount(row.ordersShipped), numeric: true },
  { header: 'Avg order', cell: (row) => formatMoney(row.avgOrderValue, currency), numeric: true },
];

/**
 * Spec 001 §2: orders by delivery status as bars, and the top 5 couriers; beyond the spec, the
 * orders shipped in the time range against the range before.
 */
export function ShippingPerformancePanel({
  load,
  range,
}: {
  load: PanelLoad<ShippingPerformanceResponse>;
  range: AnalyticsRange;
}) {
  return (
    <AnalyticsPanel
      id="shipping-performance"
      title="Shipping performance"
      scope="All time"
      load={load}
      hasData={hasShippingPerformance}
    >
      {({ data, period, currency }) => {
        const couriers = data.courierPerformance.slice(0, analyticsPanelLimits.topCouriers);
        return (
          <>
            <PeriodFigures
              range={range}
              figures={[
                {
                  label: 'Orders shipped',
                  current: period.current.shipped,
                  previous: period.previous.shipped,
                  testId: 'analytics-shipping-shipped',
                },
              ]}
            />
            <ChartFigure
              title="Orders by delivery status"
              chart={
                <BarList
                  rows={data.deliverySuccess.map((row) => ({
                    key: row.status,
                    label: statusLabel(row.status),
                    value: row.percentage,
                    valueText: `${formatCount(row.orderCount)} · ${formatPercent(row.percentage)}`,
                  }))}
                  fullValue={100}
                  ariaLabel={`Bar chart of orders by delivery status: ${data.deliverySuccess
                    .map((row) => `${statusLabel(row.status)} ${formatPercent(row.percentage)}`)
                    .join(', ')}`}
                />
              }
              table={{
                columns: statusColumns,
                rows: data.deliverySuccess,
                rowKey: (row) => row.status,
              }}
              testId="analytics-delivery-status"
            />
            <h3 className="me-analytics__subhead">Top couriers</h3>
            {couriers.length > 0 ? (
              <DataTable
                caption="Top couriers by orders shipped"
                columns={courierColumns(currency)}
                rows={couriers}
                rowKey={(row) => row.courier}
                testId="analytics-couriers"
              />
            ) : (
              <p className="me-analytics__note">No order has been shipped with a courier yet.</p>
            )}
          </>
        );
      }}
    </AnalyticsPanel>
  );
}
