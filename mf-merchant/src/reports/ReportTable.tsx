import type { ReportRow } from '@onvelope/contracts';
import { dateCell, statusLabel, statusTone, type DateCell } from '@onvelope/ui';

const columns: ReadonlyArray<[string, (row: ReportRow) => string | null | DateCell]> = [
  ['Order number', (row) => row.orderNumber],
  ['First name', (row) => row.customerFirstName],
  ['Last name', (row) => row.customerLastName],
  ['Email', (row) => row.customerEmail],
  ['Status', (row) => row.status],
  ['Items', (row) => row.items],
  ['Shipping country', (row) => row.shippingCountry],
  ['Courier', (row) => row.courier],
  ['Tracking number', (row) => row.trackingNumber],
  ['Order date', (row) => dateCell(row.orderDate)],
  ['Shipped date', (row) => dateCell(row.shippedAt)],
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
              {columns.map(([title, valueOf]) => {
                const value = valueOf(row);
                if (title === 'Status') {
                  return (
                    <td key={title}>
                      <span className={`me-status me-status--${statusTone(row.status)}`}>
                        {statusLabel(row.status)}
                      </span>
                    </td>
                  );
                }
                if (value !== null && typeof value === 'object') {
                  // Dates: the day in the cell, the exact time on hover.
                  return (
                    <td key={title} title={value.exact}>
                      {value.date}
                    </td>
                  );
                }
                return (
                  <td key={title} className={title === 'Items' ? 'me-table__note' : undefined}>
                    {value || '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
