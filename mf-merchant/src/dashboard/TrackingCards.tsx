import type { TrackingEntry } from '@onvelope/contracts';
import { TimeText } from '@onvelope/ui';
import { OrderCards } from '../components/OrderCards.js';
import { canShip, customerOf } from '../shared/display-format.js';
import { OpenOrderButton } from './OrderCells.js';
import { SelectPageBox, SelectRowBox, type RowSelection } from './SelectionBoxes.js';
import { ShipButton } from './ShipButton.js';

interface TrackingCardsProps {
  entries: TrackingEntry[];
  onOpen: (entry: TrackingEntry) => void;
  onShip: (entry: TrackingEntry) => void;
  /** Tick boxes per card and for the page (bulk actions); none without it. */
  selection?: RowSelection;
}

/**
 * The tracking entries on a phone: one card per order with what a seller acts on (status,
 * customer, tracking, dates) and SHIP; the card opens the order details with everything else.
 */
export function TrackingCards({ entries, onOpen, onShip, selection }: TrackingCardsProps) {
  if (entries.length === 0) {
    return (
      <p className="me-cards__empty" data-testid="table-empty">
        No tracking entries to show.
      </p>
    );
  }
  return (
    <>
      {selection && (
        <label className="me-cards__select">
          <SelectPageBox selection={selection} /> Select the orders of this page
        </label>
      )}
      <OrderCards
        items={entries}
        testId="tracking-cards"
        cardTestId="tracking-row"
        card={(entry) => ({
          key: entry.id,
          orderNumber: entry.orderNumber,
          title: (
            <>
              {selection && <SelectRowBox orderNumber={entry.orderNumber} selection={selection} />}{' '}
              <OpenOrderButton entry={entry} onOpen={onOpen} />
            </>
          ),
          status: entry.status,
          customer: (
            <>
              {customerOf(entry)}
              {entry.email && <span className="me-muted"> · {entry.email}</span>}
            </>
          ),
          facts: [
            ['Tracking', [entry.courier, entry.trackingNumber].filter(Boolean).join(' ') || '—'],
            ['Order date', <TimeText value={entry.orderDate} />],
            ['Created', <TimeText value={entry.createdAt} />],
          ],
          actions: canShip(entry) ? <ShipButton entry={entry} onShip={onShip} /> : undefined,
          onOpen: () => onOpen(entry),
        })}
      />
    </>
  );
}
