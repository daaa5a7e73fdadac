import type { TrackingEntry } from '@onvelope/contracts';
import { statusLabel, statusTone } from '../shared/display-format.js';

/** An order's status as the workspace shows it everywhere: a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`me-status me-status--${statusTone(status)}`}>{statusLabel(status)}</span>
  );
}

/** The order number as a button that opens the order's details without the row's own click. */
export function OpenOrderButton({
  entry,
  onOpen,
}: {
  entry: TrackingEntry;
  onOpen: (entry: TrackingEntry) => void;
}) {
  return (
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
  );
}
