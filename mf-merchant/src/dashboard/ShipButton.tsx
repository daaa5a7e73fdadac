import type { TrackingEntry } from '@onvelope/contracts';

/** SHIP on a row or a card: opens the mark-as-shipped dialog without opening the order. */
export function ShipButton({
  entry,
  onShip,
}: {
  entry: TrackingEntry;
  onShip: (entry: TrackingEntry) => void;
}) {
  return (
    <button
      type="button"
      className="ov-button me-ship"
      onClick={(event) => {
        event.stopPropagation();
        onShip(entry);
      }}
      aria-label={`Ship order ${entry.orderNumber}`}
      data-testid="ship-button"
    >
      SHIP
    </button>
  );
}
