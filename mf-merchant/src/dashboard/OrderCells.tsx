import type { TrackingEntry } from '@onvelope/contracts';
import { statusLabel, statusTone } from '../shared/display-format.js';

/** An order's status as the workspace shows it everywhere: a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`me-status me-status--${statusTone(status)}`}>{statusLabel(status)}</span>
  );
}

/**
 * An e-mail address that breaks after its @ when it must break (`buyer300@` / `example.com`),
 * rather than wherever the column ends (`buyer300@exa` / `mple.com`).
 */
export function EmailText({ email }: { email: string | null }) {
  if (!email) return '—';
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
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
