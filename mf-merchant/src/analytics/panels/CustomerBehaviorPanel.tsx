import {
  analyticsPanelLimits,
  type AnalyticsRange,
  type CustomerBehaviorResponse,
  type CustomerSegmentRow,
  type TopCustomerRow,
} from '@onvelope/contracts';
import { formatMoney } from '@onvelope/ui';
import { formatCount, formatPercent, momentDayLabel } from '../analytics-format.js';
import { hasCustomerBehavior, segmentLabels } from '../analytics-panels.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import { BarList } from '../charts/BarList.js';
import { ChartFigure } from '../charts/ChartFigure.js';
import { DataTable, type Column } from '../DataTable.js';
import { PeriodFigures } from '../PeriodFigures.js';
import type { PanelLoad } from '../use-panel-load.js';
import { EmailText } from '../../shared/EmailText.js';

const segmentColumns = (currency: string | null): Column<CustomerSegmentRow>[] => [
  { header: 'Segment', cell: (row) => segmentLabels[row.customerType] },
  { header: 'Customers', cell: (row) => formatCount(row.customerCount), numeric: true },
  { header: 'Share', cell: (row) => formatPercent(row.percentage), numeric: true },
  { header: 'Avg orders', cell: (row) => formatCount(row.avgOrdersPerCustomer), numeric: true },
  {
    header: 'Avg spent',
    cell: (row) => formatMoney(row.avgSpentPerCustomer, currency),
    numeric: true,
  },
];

const customerColumns = (timeZone: string, currency: string | null): Column<TopCustomerRow>[] => [
  { header: 'Customer', cell: (row) => <EmailText email={row.email} /> },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'First order', cell: (row) => momentDayLabel(row.firstOrderDate, timeZone) },
  {
    header: 'Lifetime value',
    cell: (row) => formatMoney(row.lifetimeValue, currency),
    numeric: true,
  },
  { header: 'Avg order', cell: (row) => formatMoney(row.avgOrderValue, currency), numeric: true },
];

/**
 * Spec 001 §2: the three customer segments, and the top 5 customers by lifetime value; beyond the
 * spec, the new customers and repeat orders of the time range against the range before.
 */
export function CustomerBehaviorPanel({
  load,
  range,
}: {
  load: PanelLoad<CustomerBehaviorResponse>;
  range: AnalyticsRange;
}) {
  return (
    <AnalyticsPanel
      id="customer-behavior"
      title="Customer behaviour"
      scope="All time"
      load={load}
      hasData={hasCustomerBehavior}
    >
      {({ data, period, currency }) => (
        <>
          <PeriodFigures
            range={range}
            figures={[
              {
                label: 'New customers',
                current: period.current.newCustomers,
                previous: period.previous.newCustomers,
                testId: 'analytics-customers-new',
              },
              {
                label: 'Repeat orders',
                current: period.current.repeatOrders,
                previous: period.previous.repeatOrders,
                testId: 'analytics-customers-repeat',
              },
            ]}
          />
          <ChartFigure
            title="Customer segments"
            chart={
              <BarList
                rows={data.customerSegments.map((segment) => ({
                  key: segment.customerType,
                  label: segmentLabels[segment.customerType],
                  value: segment.percentage,
                  valueText: `${formatCount(segment.customerCount)} · ${formatPercent(segment.percentage)}`,
                }))}
                fullValue={100}
                ariaLabel={`Bar chart of customers by segment: ${data.customerSegments
                  .map(
                    (segment) =>
                      `${segmentLabels[segment.customerType]} ${formatPercent(segment.percentage)}`,
                  )
                  .join(', ')}`}
              />
            }
            table={{
              columns: segmentColumns(currency),
              rows: data.customerSegments,
              rowKey: (row) => row.customerType,
            }}
            tableVisible
            testId="analytics-segments"
          />
          <h3 className="me-analytics__subhead">Top customers by lifetime value</h3>
          <DataTable
            caption="Top customers by lifetime value"
            columns={customerColumns(period.range.timeZone, currency)}
            rows={data.topCustomers.slice(0, analyticsPanelLimits.topCustomers)}
            rowKey={(row) => row.email}
            testId="analytics-top-customers"
          />
        </>
      )}
    </AnalyticsPanel>
  );
}
