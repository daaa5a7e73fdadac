import {
  analyticsPanelLimits,
  type AnalyticsRange,
  type CarrierDeliveryTimeRow,
  type CountryDeliveryTimeRow,
  type DeliveryTimeFigures,
  type DeliveryTimesResponse,
} from '@onvelope/contracts';
import { countryName } from '@onvelope/ui';
import { formatDays, formatOnTime, hasDeliveryTimes, onTimeBasis } from '../analytics-delivery.js';
import { dateSpanLabel, formatCount } from '../analytics-format.js';
import { AnalyticsPanel } from '../AnalyticsPanel.js';
import { DataTable, type Column } from '../DataTable.js';
import { KeyFigures } from '../KeyFigures.js';
import type { PanelLoad } from '../use-panel-load.js';

/** The figures' columns, after the one that names the row. */
function figureColumns<T extends DeliveryTimeFigures>(): Column<T>[] {
  return [
    { header: 'Deliveries', cell: (row) => formatCount(row.delivered), numeric: true },
    { header: 'Median', cell: (row) => formatDays(row.medianDays), numeric: true },
    { header: '90% within', cell: (row) => formatDays(row.p90Days), numeric: true },
    { header: 'On time', cell: (row) => formatOnTime(row), numeric: true },
  ];
}

const rows = analyticsPanelLimits.deliveryTimeRows;

const carrierColumns: Column<CarrierDeliveryTimeRow>[] = [
  { header: 'Carrier', cell: (row) => row.courier },
  ...figureColumns<CarrierDeliveryTimeRow>(),
];

const countryColumns: Column<CountryDeliveryTimeRow>[] = [
  { header: 'Country', cell: (row) => countryName(row.country) },
  ...figureColumns<CountryDeliveryTimeRow>(),
];

/**
 * Beyond the spec (issue 33, live tracking): how many days the carriers took from shipped to
 * delivered over the time range (median and 90th percentile), how many deliveries came by the
 * carrier's estimate, and both by carrier and by destination country.
 */
export function DeliveryTimesPanel({
  load,
  range,
}: {
  load: PanelLoad<DeliveryTimesResponse>;
  range: AnalyticsRange;
}) {
  return (
    <AnalyticsPanel
      id="delivery-times"
      title="Delivery times"
      scope={`Last ${range} days`}
      load={load}
      hasData={hasDeliveryTimes}
      wide
    >
      {(answer) => {
        const { overall, byCarrier, byCountry } = answer.data;
        return (
          <>
            <p className="me-analytics__span">{dateSpanLabel(answer.range)}</p>
            <KeyFigures
              previousLabel={`previous ${range} days`}
              figures={[
                {
                  label: 'Median, shipped to delivered',
                  value: formatDays(overall.medianDays),
                  testId: 'analytics-delivery-median',
                },
                {
                  label: '90% delivered within',
                  value: formatDays(overall.p90Days),
                  testId: 'analytics-delivery-p90',
                },
                {
                  label: `On time (${onTimeBasis(overall)})`,
                  value: formatOnTime(overall),
                  testId: 'analytics-delivery-on-time',
                },
                {
                  label: 'Carrier deliveries',
                  value: formatCount(overall.delivered),
                  testId: 'analytics-delivery-count',
                },
              ]}
            />
            <h3 className="me-analytics__subhead">By carrier</h3>
            {byCarrier.length > 0 ? (
              <DataTable
                caption="Delivery times by carrier"
                columns={carrierColumns}
                rows={byCarrier}
                rowKey={(row) => row.courier}
                testId="analytics-delivery-carriers"
              />
            ) : (
              <p className="me-analytics__note">None of these orders was shipped with a courier.</p>
            )}
            <h3 className="me-analytics__subhead">By destination country</h3>
            {byCountry.length > 0 ? (
              <DataTable
                caption="Delivery times by destination country"
                columns={countryColumns}
                rows={byCountry}
                rowKey={(row) => row.country}
                testId="analytics-delivery-countries"
              />
            ) : (
              <p className="me-analytics__note">None of these orders has a shipping country.</p>
            )}
            <p className="me-analytics__note">
              Timed from the shipping date to the carrier&apos;s delivery scan, by the day it was
              delivered; orders marked delivered without a scan are not timed. On time: delivered by
              the day the carrier first estimated.
              {(byCarrier.length === rows || byCountry.length === rows) &&
                ` Each table lists the ${rows} with the most deliveries.`}
            </p>
          </>
        );
      }}
    </AnalyticsPanel>
  );
}
