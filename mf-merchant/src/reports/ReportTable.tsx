import type { ReportRow } from '@onvelope/contracts';
import type { ReactElement } from 'react';
import { TimeText } from '@onvelope/ui';
import { OrderCards } from '../components/OrderCards.js';
import { StatusBadge } from '../dashboard/OrderCells.js';
import { phoneScreen, useMediaQuery } from '../dashboard/use-media-query.js';

type Value = string | null | ReactElement;

const columns: ReadonlyArray<[string, (row: ReportRow) => Value]> = [
  ['Order number', (row) => row.orderNumber],
  ['First name', (row) => row.customerFirstName],
  ['Last name', (row) => row.customerLastName],
  ['Email', (row) => row.customerEmail],
  ['Status', (row) => <StatusBadge status={row.status} />],
  ['Items', (row) => row.items],
  ['Shipping country', (row) => row.shippingCountry],
  ['Courier', (row) => row.courier],
  ['Tracking number', (row) => row.trackingNumber],
  ['Order date', (row) => <TimeText value={row.orderDate} />],
  ['Shipped date', (row) => <TimeText value={row.shippedAt} />],
  ['Address 1', (row) => row.shippingAddress1],
  ['Address 2', (row) => row.shippingAddress2],
  ['City', (row) => row.shippingCity],
  ['State', (row) => row.shippingState],
  ['Zip', (row) => row.shippingZip],
];

const shown = (value: Value) => value || '—';

/** The columns a card heads with (number, status, customer); every other one is a card's fact. */
const cardHead = new Set(['Order number', 'First name', 'Last name', 'Email', 'Status']);
const cardFacts = columns.filter(([title]) => !cardHead.has(title));

/**
 * spec 000 §2: the report's columns, the shipping country as its full name (the service's). On a
 * phone each row is a card with every column (issue 38: sixteen columns were 2,300 px wide there).
 */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  const onPhone = useMediaQuery(phoneScreen);
  if (rows.length === 0) {
    return (
      <p className="me-table__empty" data-testid="report-empty">
        No orders match these filters.
      </p>
    );
  }
  if (onPhone) {
    return (
      <OrderCards
        items={rows}
        testId="report-cards"
        cardTestId="report-row"
        card={(row) => ({
          key: row.id,
          orderNumber: row.orderNumber,
          title: row.orderNumber,
          status: row.status,
          customer: (
            <>
              {[row.customerFirstName, row.customerLastName].filter(Boolean).join(' ') || '—'}
              {row.customerEmail && <span className="me-muted"> · {row.customerEmail}</span>}
            </>
          ),
          facts: cardFacts.map(([title, valueOf]) => [title, shown(valueOf(row))]),
        })}
      />
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
              {columns.map(([title, valueOf]) => (
                <td key={title} className={title === 'Items' ? 'me-table__note' : undefined}>
                  {shown(valueOf(row))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
