import type { ReactNode } from 'react';
import type { TrackingEntry } from '@onvelope/contracts';
import { TimeText } from '@onvelope/ui';
import { canShip, customerOf } from '../shared/display-format.js';
import { ariaSort, sortIndicator, type SortField, type TableQuery } from '../shared/table-state.js';
import { OpenOrderButton, StatusBadge } from './OrderCells.js';
import { EmailText } from '../shared/EmailText.js';
import { SelectPageBox, SelectRowBox, type RowSelection } from './SelectionBoxes.js';
import { ShipButton } from './ShipButton.js';

interface TrackingTableProps {
  entries: TrackingEntry[];
  query: TableQuery;
  onSort: (field: SortField) => void;
  onOpen: (entry: TrackingEntry) => void;
  onShip: (entry: TrackingEntry) => void;
  /** Tick boxes per row and for the page (bulk actions); none without it. */
  selection?: RowSelection;
}

/**
 * How soon a column gives way when the table is narrow (`workspace.css` hides `me-col--2` and
 * `me-col--3` below their widths); what it hides stays in the order details a row click opens.
 */
type Priority = 1 | 2 | 3;

interface Column {
  label: string;
  field: SortField;
  priority: Priority;
  /** The cell; `open` opens the order, for the cell that links to it. */
  cell: (entry: TrackingEntry, open: (entry: TrackingEntry) => void) => ReactNode;
  className?: string;
}

// spec 000 §2: the columns, in order; each but actions sorts by a field of §9.
const columns: Column[] = [
  {
    label: 'Order number',
    field: 'orderNumber',
    priority: 1,
    cell: (e, open) => <OpenOrderButton entry={e} onOpen={open} />,
  },
  {
    label: 'Customer',
    field: 'firstName',
    priority: 1,
    cell: customerOf,
    className: 'me-table__wrap',
  },
  {
    label: 'Email',
    field: 'email',
    priority: 2,
    cell: (e) => <EmailText email={e.email} />,
    className: 'me-table__wrap',
  },
  { label: 'Postcode/Zipcode', field: 'postcode', priority: 3, cell: (e) => e.postcode ?? '—' },
  {
    label: 'Status',
    field: 'status',
    priority: 1,
    cell: (e) => <StatusBadge status={e.status} />,
  },
  { label: 'Courier', field: 'courier', priority: 2, cell: (e) => e.courier ?? '—' },
  {
    label: 'Tracking number',
    field: 'trackingNumber',
    priority: 1,
    cell: (e) => e.trackingNumber ?? '—',
  },
  {
    label: 'Notes',
    field: 'personalNote',
    priority: 3,
    cell: (e) => e.personalNote ?? '',
    className: 'me-table__note',
  },
  {
    label: 'Order date',
    field: 'orderDate',
    priority: 2,
    cell: (e) => <TimeText value={e.orderDate} />,
  },
  {
    label: 'Shipped date',
    field: 'shippedAt',
    priority: 3,
    cell: (e) => <TimeText value={e.shippedAt} />,
  },
  {
    label: 'Created',
    field: 'createdAt',
    priority: 1,
    cell: (e) => <TimeText value={e.createdAt} data-testid="created-cell" />,
  },
];

const columnClass = ({ priority, className }: Column) =>
  [`me-col--${priority}`, className].filter(Boolean).join(' ');

/**
 * The tracking entries: header clicks sort, a row click opens the order, SHIP opens the dialog.
 * Narrow tables drop their lower-priority columns and keep the actions column pinned at the right,
 * so SHIP is always in reach without scrolling sideways.
 */
export function TrackingTable({
  entries,
  query,
  onSort,
  onOpen,
  onShip,
  selection,
}: TrackingTableProps) {
  return (
    <div className="me-table-wrap">
      <table className="me-table" data-testid="tracking-table">
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="me-table__select">
                <SelectPageBox selection={selection} />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`me-col--${column.priority}`}
                aria-sort={ariaSort(query, column.field)}
              >
                <button
                  type="button"
                  className="me-sort"
                  onClick={() => onSort(column.field)}
                  data-testid={`sort-${column.field}`}
                >
                  {column.label}{' '}
                  <span aria-hidden="true">{sortIndicator(query, column.field)}</span>
                </button>
              </th>
            ))}
            <th scope="col" className="me-table__actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length + (selection ? 2 : 1)}
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
                {selection && (
                  <td className="me-table__select">
                    <SelectRowBox orderNumber={entry.orderNumber} selection={selection} />
                  </td>
                )}
                {columns.map((column) => (
                  <td key={column.label} className={columnClass(column)}>
                    {column.cell(entry, onOpen)}
                  </td>
                ))}
                <td className="me-table__actions">
                  {canShip(entry) && <ShipButton entry={entry} onShip={onShip} />}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
