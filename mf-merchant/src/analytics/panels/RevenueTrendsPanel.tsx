import {
  analyticsPanelLimits,
  type AnalyticsRange,
  type RevenueTrendRow,
  type RevenueTrendsResponse,
} from '@onvelope/contracts';
import {
  dateSpanLabel,
  dayLabel,
  formatCount,
  formatGbp,
  formatGbpShort,
  fullDayLabel,
} from '../../domain/analytics-format.js';
import { changeAgainst, everyDayOf, lastDaysOf, totalOf } from '../../domain/analytics-series.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import type { ChartDatum } from '../charts/chart-frame.js';
import { ChartFigure } from '../charts/ChartFigure.js';
import { ColumnChart } from '../charts/ColumnChart.js';
import { LineChart } from '../charts/LineChart.js';
import type { Column } from '../DataTable.js';
import { KeyFigures } from '../KeyFigures.js';
import type { PanelLoad } from '../use-panel-load.js';

const dayColumns: Column<RevenueTrendRow>[] = [
  { header: 'Day', cell: (row) => fullDayLabel(row.period) },
  { header: 'Revenue', cell: (row) => formatGbp(row.revenue), numeric: true },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Avg order', cell: (row) => formatGbp(row.avgOrderValue), numeric: true },
];

function revenueDatum(row: RevenueTrendRow): ChartDatum {
  return {
    key: row.period,
    label: dayLabel(row.period),
    value: row.revenue,
    title: `${fullDayLabel(row.period)}: ${formatGbp(row.revenue)} from ${formatCount(row.orderCount)} orders`,
  };
}

const dayTable = (rows: RevenueTrendRow[]) => ({
  columns: dayColumns,
  rows,
  rowKey: (row: RevenueTrendRow) => row.period,
});

/**
 * Spec 001 §2: totals, average order value, days with data and bars for the last 14 days of the
 * range (days without orders as zero); beyond the spec, each figure against the previous period of
 * the same length, and a line over the whole range when it is longer than the bars.
 */
export function RevenueTrendsPanel({
  load,
  range,
}: {
  load: PanelLoad<RevenueTrendsResponse>;
  range: AnalyticsRange;
}) {
  const previousLabel = `previous ${range} days`;
  return (
    <AnalyticsPanel
      id="revenue-trends"
      title="Revenue trends"
      scope={`Last ${range} days`}
      load={load}
      hasData={(answer) => answer.data.length > 0}
      wide
    >
      {(answer) => {
        const { totals, previous } = answer;
        const days = everyDayOf(answer.data, answer.range);
        const bars = lastDaysOf(answer.data, answer.range);
        const barRevenue = formatGbp(totalOf(bars, (bar) => bar.revenue));
        const barOrders = formatCount(totalOf(bars, (bar) => bar.orderCount));
        return (
          <>
            <p className="me-analytics__span">{dateSpanLabel(answer.range)}</p>
            <KeyFigures
              previousLabel={previousLabel}
              figures={[
                {
                  label: 'Revenue',
                  value: formatGbp(totals.revenue),
                  change: changeAgainst(totals.revenue, previous.revenue),
                  testId: 'analytics-revenue-total',
                },
                {
                  label: 'Orders',
                  value: formatCount(totals.orderCount),
                  change: changeAgainst(totals.orderCount, previous.orderCount),
                  testId: 'analytics-revenue-orders',
                },
                {
                  label: 'Average order value',
                  value: formatGbp(totals.avgOrderValue),
                  change: changeAgainst(totals.avgOrderValue, previous.avgOrderValue),
                  testId: 'analytics-revenue-average',
                },
                {
                  label: 'Days with data',
                  value: `${formatCount(totals.daysWithData)} of ${formatCount(days.length)}`,
                  change: changeAgainst(totals.daysWithData, previous.daysWithData),
                  testId: 'analytics-revenue-days',
                },
              ]}
            />
            <div className="me-analytics__charts">
              <ChartFigure
                title={`Revenue per day, last ${bars.length} days`}
                summary={`${barRevenue} from ${barOrders} orders`}
                chart={
                  <ColumnChart
                    data={bars.map(revenueDatum)}
                    ariaLabel={`Bar chart of revenue per day over the last ${bars.length} days: ${barRevenue} in all`}
                    formatTick={formatGbpShort}
                    labelLast
                    testId="analytics-revenue-bars"
                  />
                }
                table={dayTable(bars)}
                testId="analytics-revenue-bars-figure"
              />
              {days.length > analyticsPanelLimits.revenueBars && (
                <ChartFigure
                  title={`Revenue per day, last ${range} days`}
                  summary={`${formatGbp(totals.revenue)} from ${formatCount(totals.orderCount)} orders`}
                  chart={
                    <LineChart
                      data={days.map(revenueDatum)}
                      ariaLabel={`Line chart of revenue per day over the last ${range} days: ${formatGbp(totals.revenue)} in all`}
                      formatTick={formatGbpShort}
                      testId="analytics-revenue-line"
                    />
                  }
                  table={dayTable(days.filter((day) => day.orderCount > 0))}
                />
              )}
            </div>
          </>
        );
      }}
    </AnalyticsPanel>
  );
}
