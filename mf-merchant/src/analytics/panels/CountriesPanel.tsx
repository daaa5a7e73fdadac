import { analyticsPanelLimits, type CountriesResponse, type CountryRow } from '@onvelope/contracts';
import { countryName } from '@onvelope/ui';
import { formatCount, formatGbp } from '../../domain/analytics-format.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import { DataTable, type Column } from '../DataTable.js';
import type { PanelLoad } from '../use-panel-load.js';

const columns: Column<CountryRow>[] = [
  { header: 'Country', cell: (row) => countryName(row.country) },
  { header: 'Orders', cell: (row) => formatCount(row.orderCount), numeric: true },
  { header: 'Customers', cell: (row) => formatCount(row.uniqueCustomers), numeric: true },
  { header: 'Avg order', cell: (row) => formatGbp(row.avgOrderValue), numeric: true },
  { header: 'Revenue', cell: (row) => formatGbp(row.totalRevenue), numeric: true },
];

/** Spec 001 §2: the first 10 countries by orders, and the totals over every country. */
export function CountriesPanel({ load }: { load: PanelLoad<CountriesResponse> }) {
  return (
    <AnalyticsPanel
      id="countries"
      title="Customer countries"
      scope="All time"
      load={load}
      hasData={(answer) => answer.data.length > 0}
    >
      {({ data, totals }) => {
        const shown = data.slice(0, analyticsPanelLimits.countryRows);
        return (
          <>
            <DataTable
              caption="Orders by customer country"
              columns={columns}
              rows={shown}
              rowKey={(row) => row.country}
              footer={[
                'Total',
                formatCount(totals.orderCount),
                formatCount(totals.uniqueCustomers),
                formatGbp(totals.avgOrderValue),
                formatGbp(totals.totalRevenue),
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
