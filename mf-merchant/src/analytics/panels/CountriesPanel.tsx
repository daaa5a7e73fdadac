import {
  analyticsPanelLimits,
  type AnalyticsRange,
  type CountriesResponse,
  type CountryRow,
} from '@onvelope/contracts';
import { countryName, formatMoney } from '@onvelope/ui';
import { formatCount } from '../analytics-format.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import { DataTable, type Column } from '../DataTable.js';
import { PeriodFigures } from '../PeriodFigures.js';
import type { PanelLoad } from '../use-panel-load.js';

/** The columns, with money in the answer's currency. */
const columnsIn = (currency: string | null): Column<CountryRow>[] => [
  { header: 'Country', cell: (row) => countryName(row.country) },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Customers', cell: (row) => formatCount(row.uniqueCustomers), numeric: true },
  { header: 'Avg order', cell: (row) => formatMoney(row.avgOrderValue, currency), numeric: true },
  { header: 'Revenue', cell: (row) => formatMoney(row.totalRevenue, currency), numeric: true },
];

/**
 * Spec 001 §2: the first 10 countries by orders, and the totals over every country; beyond the
 * spec, the orders and countries of the time range against the range before.
 */
export function CountriesPanel({
  load,
  range,
}: {
  load: PanelLoad<CountriesResponse>;
  range: AnalyticsRange;
}) {
  return (
    <AnalyticsPanel
      id="countries"
      title="Customer countries"
      scope="All time"
      load={load}
      hasData={(answer) => answer.data.length > 0}
    >
      {({ data, totals, period, currency }) => {
        const shown = data.slice(0, analyticsPanelLimits.countryRows);
        return (
          <>
            <PeriodFigures
              range={range}
              figures={[
                {
                  label: 'Orders',
                  current: period.current.orderCount,
                  previous: period.previous.orderCount,
                  testId: 'analytics-countries-orders',
                },
                {
                  label: 'Countries',
                  current: period.current.countryCount,
                  previous: period.previous.countryCount,
                  testId: 'analytics-countries-count',
                },
              ]}
            />
            <DataTable
              caption="Orders by customer country"
              columns={columnsIn(currency)}
              rows={shown}
              rowKey={(row) => row.country}
              footer={[
                'Total',
                formatCount(totals.orderCount),
                formatCount(totals.uniqueCustomers),
                formatMoney(totals.avgOrderValue, currency),
                formatMoney(totals.totalRevenue, currency),
              ]}
              testId="analytics-countries-table"
            />
            {data.length > shown.length && (
              <p className="me-analytics__note">
                The {shown.length} countries with the most orders, of {data.length}; the total
                counts them all.
              </p>
            )}
          </>
        );
      }}
    </AnalyticsPanel>
  );
}
