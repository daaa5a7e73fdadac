import type { AnalyticsRange, HourRow, PeakTimesResponse, WeekdayRow } from '@onvelope/contracts';
import { formatMoney } from '@onvelope/ui';
import { dateSpanLabel, formatCount, hourLabel, hourSpanLabel } from '../analytics-format.js';
import { hasPeakTimes } from '../analytics-panels.js';
import { busiestOf, changeAgainst } from '../analytics-series.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import type { ChartDatum } from '../charts/chart-frame.js';
import { ChartFigure } from '../charts/ChartFigure.js';
import { ColumnChart } from '../charts/ColumnChart.js';
import { HeatStrip } from '../charts/HeatStrip.js';
import type { Column } from '../DataTable.js';
import { KeyFigures } from '../KeyFigures.js';
import type { PanelLoad } from '../use-panel-load.js';

const orders = (count: number) => `${formatCount(count)} ${count === 1 ? 'order' : 'orders'}`;

const hourColumns = (currency: string | null): Column<HourRow>[] => [
  { header: 'Hour', cell: (row) => hourSpanLabel(row.hour) },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Avg order', cell: (row) => formatMoney(row.avgOrderValue, currency), numeric: true },
];

const dayColumns = (currency: string | null): Column<WeekdayRow>[] => [
  { header: 'Day', cell: (row) => row.dayName },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Avg order', cell: (row) => formatMoney(row.avgOrderValue, currency), numeric: true },
];

const hourDatum = (row: HourRow): ChartDatum => ({
  key: String(row.hour),
  label: String(row.hour).padStart(2, '0'),
  value: row.orderCount,
  title: `${hourSpanLabel(row.hour)}: ${orders(row.orderCount)}`,
});

const dayDatum = (row: WeekdayRow): ChartDatum => ({
  key: String(row.dayOfWeek),
  label: row.dayName.slice(0, 3),
  value: row.orderCount,
  title: `${row.dayName}: ${orders(row.orderCount)}`,
});

/** "Busiest: 14:00–15:00 (12 orders)", or that there is none. */
function busiestText<T extends { orderCount: number }>(rows: T[], name: (row: T) => string) {
  const busiest = busiestOf(rows);
  return busiest ? `Busiest: ${name(busiest)} (${orders(busiest.orderCount)})` : 'No orders';
}

/**
 * Spec 001 §2: orders by hour (24 bars, and a heat strip of the same hours) and by weekday, in the
 * analytics time zone; beyond the spec, the orders against the previous period of the same length.
 */
export function PeakTimesPanel({
  load,
  range,
}: {
  load: PanelLoad<PeakTimesResponse>;
  range: AnalyticsRange;
}) {
  return (
    <AnalyticsPanel
      id="peak-times"
      title="Peak times"
      scope={`Last ${range} days`}
      load={load}
      hasData={hasPeakTimes}
      wide
    >
      {(answer) => {
        const { hourlyPattern, weeklyPattern } = answer.data;
        const busiestHour = busiestOf(hourlyPattern);
        const busiestDay = busiestOf(weeklyPattern);
        const hourSummary = busiestText(hourlyPattern, (row) => hourSpanLabel(row.hour));
        const daySummary = busiestText(weeklyPattern, (row) => row.dayName);
        return (
          <>
            <p className="me-analytics__span">
              {dateSpanLabel(answer.range)} · hours in {answer.range.timeZone} time
            </p>
            <KeyFigures
              previousLabel={`previous ${range} days`}
              figures={[
                {
                  label: 'Orders',
                  value: formatCount(answer.totals.orderCount),
                  change: changeAgainst(answer.totals.orderCount, answer.previous.orderCount),
                  testId: 'analytics-peak-orders',
                },
                {
                  label: 'Busiest hour',
                  value: busiestHour ? hourLabel(busiestHour.hour) : '—',
                  testId: 'analytics-peak-hour',
                },
                {
                  label: 'Busiest day',
                  value: busiestDay?.dayName ?? '—',
                  testId: 'analytics-peak-day',
                },
              ]}
            />
            <div className="me-analytics__charts me-analytics__charts--peak">
              <ChartFigure
                title="Orders by hour of the day"
                summary={hourSummary}
                chart={
                  <>
                    <HeatStrip
                      data={hourlyPattern.map(hourDatum)}
                      ariaLabel={`Heat strip of orders by hour of the day. ${hourSummary}`}
                      testId="analytics-hour-heat"
                    />
                    <ColumnChart
                      data={hourlyPattern.map(hourDatum)}
                      ariaLabel={`Bar chart of orders by hour of the day. ${hourSummary}`}
                      formatTick={formatCount}
                      wholeNumbers
                      testId="analytics-hour-bars"
                    />
                  </>
                }
                table={{
                  columns: hourColumns(answer.currency),
                  rows: hourlyPattern,
                  rowKey: (row) => String(row.hour),
                }}
                testId="analytics-hours"
              />
              <ChartFigure
                title="Orders by day of the week"
                summary={daySummary}
                chart={
                  <ColumnChart
                    data={weeklyPattern.map(dayDatum)}
                    ariaLabel={`Bar chart of orders by day of the week. ${daySummary}`}
                    formatTick={formatCount}
                    wholeNumbers
                    testId="analytics-weekday-bars"
                  />
                }
                table={{
                  columns: dayColumns(answer.currency),
                  rows: weeklyPattern,
                  rowKey: (row) => String(row.dayOfWeek),
                }}
                testId="analytics-weekdays"
              />
            </div>
          </>
        );
      }}
    </AnalyticsPanel>
  );
}
