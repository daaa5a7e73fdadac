import type { TrackingEntry } from '@onvelope/contracts';
import {
  canShip,
  customerOf,
  formatDate,
  relativeTime,
  statusLabel,
  statusTone,
} from '../domain/display-format.js';
import { ariaSort, sortIndicator, type SortField, type TableQuery } from '../domain/table-state.js';

interface TrackingTableProps {
  entries: TrackingEntry[];
  query: TableQuery;
  now: Date;
  onSort: (field: SortField) => void;
  onOpen: (entry: TrackingEntry) => void;
  onShip: (entry: TrackingEntry) => void;
}

// spec 000 §2: the columns, in order; each but customer and actions sorts by a field of §9.
const columns: { label: string; field: SortField | null }[] = [
  { label: 'Order number', field: 'orderNumber' },
  { label: 'Customer', field: 'firstName' },
  { label: 'Email', field: 'email' },
  { label: 'Postcode/Zipcode', field: 'postcode' },
  { label: 'Status', field: 'status' },
  { label: 'Courier', field: 'courier' },
  { label: 'Tracking number', field: 'trackingNumber' },
  { label: 'Notes', field: 'personalNote' },
  { label: 'Order date', field: 'orderDate' },
  { label: 'Shipped date', field: 'shippedAt' },
  { label: 'Created', field: 'createdAt' },
];

/** The tracking entries: header clicks sort, a row click opens the order, SHIP opens the dialog. */
export function TrackingTable({ entries, query, now, onSort, onOpen, onShip }: TrackingTableProps) {
  return (
    <div className="me-table-wrap">
      <table className="me-table" data-testid="tracking-table">
        <thead>
          <tr>
            {columns.map(({ label, field }) => (
              <th key={label} scope="col" aria-sort={field ? ariaSort(query, field) : undefined}>
                {field ? (
                  <button
                    type="button"
                    className="me-sort"
                    onClick={() => onSort(field)}
                    data-testid={`sort-${field}`}
                  >
                    {label} <span aria-hidden="true">{sortIndicator(query, field)}</span>
                  </button>
                ) : (
                  label
                )}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length + 1}
                className="me-table__empty"
                data-testid="table-empty"
              >
                No tracking entries to show.
              </td>
            </tr>
          ) : (
            entries.map((entry) => (
              <tr
                key={entry.id}
                className="me-row"
                onClick={() => onOpen(entry)}
                data-testid="tracking-row"
                data-order-number={entry.orderNumber}
              >
                <td>
                  <button
                    type="button"
                    className="me-link-button"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(entry);
                    }}
                  >
                    {entry.orderNumber}
                  </button>
                </td>
                <td>{customerOf(entry)}</td>
                <td>{entry.email ?? '—'}</td>
                <td>{entry.postcode ?? '—'}</td>
                <td>
                  <span className={`me-status me-status--${statusTone(entry.status)}`}>
                    {statusLabel(entry.status)}
                  </span>
                </td>
                <td>{entry.courier ?? '—'}</td>
                <td>{entry.trackingNumber ?? '—'}</td>
                <td className="me-table__note">{entry.personalNote ?? ''}</td>
                <td>{formatDate(entry.orderDate)}</td>
                <td>{formatDate(entry.shippedAt)}</td>
                <td title={entry.createdAt}>{relativeTime(entry.createdAt, now)}</td>
                <td>
                  {canShip(entry.status) && (
                    <button
                      type="button"
                      className="ov-button me-ship"
                      onClick={(event) => {
                        event.stopPropagation();
                        onShip(entry);
                      }}
                      data-testid="ship-button"
                    >
                      SHIP
                    </button>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
