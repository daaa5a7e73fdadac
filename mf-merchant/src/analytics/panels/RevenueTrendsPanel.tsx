import {
  analyticsPanelLimits,
  type AnalyticsRange,
  type CurrencyRevenue,
  type RevenueTrendRow,
  type RevenueTrendsResponse,
} from '@onvelope/contracts';
import { formatMoney, formatMoneyShort } from '@onvelope/ui';
import { dateSpanLabel, dayLabel, formatCount, fullDayLabel } from '../analytics-format.js';
import { changeAgainst, everyDayOf, lastDaysOf, totalOf } from '../analytics-series.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import type { ChartDatum } from '../charts/chart-frame.js';
import { ChartFigure } from '../charts/ChartFigure.js';
import { ColumnChart } from '../charts/ColumnChart.js';
import { LineChart } from '../charts/LineChart.js';
import type { Column } from '../DataTable.js';
import { KeyFigures } from '../KeyFigures.js';
import type { PanelLoad } from '../use-panel-load.js';

const dayColumns = (currency: string | null): Column<RevenueTrendRow>[] => [
  { header: 'Day', cell: (row) => fullDayLabel(row.period) },
  { header: 'Revenue', cell: (row) => formatMoney(row.revenue, currency), numeric: true },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Avg order', cell: (row) => formatMoney(row.avgOrderValue, currency), numeric: true },
];

const revenueDatum =
  (currency: string | null) =>
  (row: RevenueTrendRow): ChartDatum => ({
    key: row.period,
    label: dayLabel(row.period),
    value: row.revenue,
    title: `${fullDayLabel(row.period)}: ${formatMoney(row.revenue, currency)} from ${formatCount(row.orderCount)} orders`,
  });

const dayTable = (rows: RevenueTrendRow[], currency: string | null) => ({
  columns: dayColumns(currency),
  rows,
  rowKey: (row: RevenueTrendRow) => row.period,
});

/** '$5,771.00 (42 orders)', or '310.00 without a currency (3 orders)'. */
function currencyRevenueText({ currency, revenue, orderCount }: CurrencyRevenue): string {
  const orders = `${formatCount(orderCount)} ${orderCount === 1 ? 'order' : 'orders'}`;
  return `${formatMoney(revenue, currency)}${currency ? '' : ' without a currency'} (${orders})`;
}

/**
 * Issue 38 item 4: a seller who sells in several currencies sees the revenue of each, never one
 * sum of them; the panels show the currency chosen above.
 */
function RevenueByCurrency({ currencies }: { currencies: CurrencyRevenue[] }) {
  if (currencies.length < 2) return null;
  return (
    <p className="me-analytics__note" data-testid="analytics-revenue-by-currency">
      Revenue in each currency: {currencies.map(currencyRevenueText).join(' · ')}
    </p>
  );
}

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
        const { totals, previous, currency } = answer;
        const money = (amount: number) => formatMoney(amount, currency);
        const tick = (amount: number) => formatMoneyShort(amount, currency);
        const days = everyDayOf(answer.data, answer.range);
        const bars = lastDaysOf(answer.data, answer.range);
        const barRevenue = money(totalOf(bars, (bar) => bar.revenue));
        const barOrders = formatCount(totalOf(bars, (bar) => bar.orderCount));
        return (
          <>
            <p className="me-analytics__span">{dateSpanLabel(answer.range)}</p>
            <KeyFigures
              previousLabel={previousLabel}
              figures={[
                {
                  label: 'Revenue',
                  value: money(totals.revenue),
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
                  value: money(totals.avgOrderValue),
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
            <RevenueByCurrency currencies={answer.currencies} />
            <div className="me-analytics__charts">
              <ChartFigure
                title={`Revenue per day, last ${bars.length} days`}
                summary={`${barRevenue} from ${barOrders} orders`}
                chart={
                  <ColumnChart
                    data={bars.map(revenueDatum(currency))}
                    ariaLabel={`Bar chart of revenue per day over the last ${bars.length} days: ${barRevenue} in all`}
                    formatTick={tick}
                    labelLast
                    testId="analytics-revenue-bars"
                  />
                }
                table={dayTable(bars, currency)}
                testId="analytics-revenue-bars-figure"
              />
              {days.length > analyticsPanelLimits.revenueBars && (
                <ChartFigure
                  title={`Revenue per day, last ${range} days`}
                  summary={`${money(totals.revenue)} from ${formatCount(totals.orderCount)} orders`}
                  chart={
                    <LineChart
                      data={days.map(revenueDatum(currency))}
                      ariaLabel={`Line chart of revenue per day over the last ${range} days: ${money(totals.revenue)} in all`}
                      formatTick={tick}
                      testId="analytics-revenue-line"
                    />
                  }
                  table={dayTable(
                    days.filter((day) => day.orderCount > 0),
                    currency,
                  )}
                />
              )}
            </div>
          </>
        );
      }}
    </AnalyticsPanel>
  );
}
