import type { ReportRow } from '@onvelope/contracts';
import { formatDate, statusLabel, statusTone } from '../domain/display-format.js';

const columns: ReadonlyArray<[string, (row: ReportRow) => string | null]> = [
  ['Order number', (row) => row.orderNumber],
  ['First name', (row) => row.customerFirstName],
  ['Last name', (row) => row.customerLastName],
  ['Email', (row) => row.customerEmail],
  ['Status', (row) => row.status],
  ['Items', (row) => row.items],
  ['Shipping country', (row) => row.shippingCountry],
  ['Courier', (row) => row.courier],
  ['Tracking number', (row) => row.trackingNumber],
  ['Order date', (row) => formatDate(row.orderDate)],
  ['Shipped date', (row) => formatDate(row.shippedAt)],
  ['Address 1', (row) => row.shippingAddress1],
  ['Address 2', (row) => row.shippingAddress2],
  ['City', (row) => row.shippingCity],
  ['State', (row) => row.shippingState],
  ['Zip', (row) => row.shippingZip],
];

/** spec 000 §2: the report's columns, the shipping country as its full name (the service's). */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  if (rows.length === 0) {
    return (
      <p className="me-table__empty" data-testid="report-empty">
        No orders match these filters.
      </p>
    );
  }
  return (
    <div className="me-table-wrap">
      <table className="me-table" data-testid="report-table">
        <thead>
          <tr>
            {columns.map(([title]) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="report-row" data-order-number={row.orderNumber}>
              {columns.map(([title, value]) =>
                title === 'Status' ? (
                  <td key={title}>
                    <span className={`me-status me-status--${statusTone(row.status)}`}>
                      {statusLabel(row.status)}
                    </span>
                  </td>
                ) : (
                  <td key={title} className={title === 'Items' ? 'me-table__note' : undefined}>
                    {value(row) || '—'}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
