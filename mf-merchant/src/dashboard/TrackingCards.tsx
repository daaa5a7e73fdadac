import type { TrackingEntry } from '@onvelope/contracts';
import { canShip, customerOf, dateCell } from '../domain/display-format.js';
import { OpenOrderButton, StatusBadge } from './OrderCells.js';
import { ShipButton } from './ShipButton.js';

interface TrackingCardsProps {
  entries: TrackingEntry[];
  onOpen: (entry: TrackingEntry) => void;
  onShip: (entry: TrackingEntry) => void;
}

function DateLine({ label, iso }: { label: string; iso: string | null }) {
  const { date, exact } = dateCell(iso);
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <time dateTime={iso ?? undefined} title={exact}>
          {date}
        </time>
      </dd>
    </div>
  );
}

/**
 * The tracking entries on a phone: one card per order with what a seller acts on (status,
 * customer, tracking, dates) and SHIP; the card opens the order details with everything else.
 */
export function TrackingCards({ entries, onOpen, onShip }: TrackingCardsProps) {
  if (entries.length === 0) {
    return (
      <p className="me-cards__empty" data-testid="table-empty">
        No tracking entries to show.
      </p>
    );
  }
  return (
    <ul className="me-cards" data-testid="tracking-cards">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="me-card"
          onClick={() => onOpen(entry)}
          data-testid="tracking-row"
          data-order-number={entry.orderNumber}
        >
          <div className="me-card__head">
            <OpenOrderButton entry={entry} onOpen={onOpen} />
            <StatusBadge status={entry.status} />
          </div>
          <p className="me-card__customer">
            {customerOf(entry)}
            {entry.email && <span className="me-muted"> · {entry.email}</span>}
          </p>
          <dl className="me-card__facts">
            <div>
              <dt>Tracking</dt>
              <dd>{[entry.courier, entry.trackingNumber].filter(Boolean).join(' ') || '—'}</dd>
            </div>
            <DateLine label="Order date" iso={entry.orderDate} />
            <DateLine label="Created" iso={entry.createdAt} />
          </dl>
          {canShip(entry) && (
            <div className="me-card__actions">
              <ShipButton entry={entry} onShip={onShip} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
