// Status words and colours are shared with the buyer pages, so packages/ui owns them; this
// re-export keeps this remote's existing imports working. Dates are `TimeText` and `formatDate` of
// @onvelope/ui, in the seller's zone (`hooks/use-seller-date-display.tsx`).
export { statusLabel, statusTone } from '@onvelope/ui';

/**
 * spec 000 §2: the SHIP action is hidden for orders that are shipped or delivered, unless a
 * keyword rule set that status: the seller has not shipped it yet (svc-orders README).
 */
export function canShip(entry: { status: string; statusRule?: unknown }): boolean {
  return Boolean(entry.statusRule) || (entry.status !== 'shipped' && entry.status !== 'delivered');
}

/** '20,000': counts of orders and rows in the seller's words. */
export const formatCount = (n: number) => n.toLocaleString('en-GB');

/** A customer's name from the entry's parts, or the stored full name. */
export function customerOf(entry: {
  firstName: string | null;
  lastName: string | null;
  customerName: string | null;
}): string {
  const joined = [entry.firstName, entry.lastName].filter(Boolean).join(' ');
  return joined || entry.customerName || '—';
}

/** The category names, stored as a JSON-encoded list (spec 000 §3), as one line. */
export function categoryList(encoded: string | null): string {
  if (!encoded) return '—';
  try {
    const value: unknown = JSON.parse(encoded);
    if (Array.isArray(value)) return value.map(String).join(', ') || '—';
  } catch {
    // Not JSON after all: show the text as it was stored.
  }
  return encoded;
}
