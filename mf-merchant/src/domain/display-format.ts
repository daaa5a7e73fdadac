/** spec 000 §9: dates use the en-US format. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-US');
}

/**
 * '2 October 2025': the seller's own account dates (trial end, member since, next payment) are
 * en-GB long; null without a valid date.
 */
export function longDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-GB', { dateStyle: 'long' });
}

/** A date with its time, en-US, for the order details. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-US');
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How long ago, in the words of spec 000 §9 ('Just now', minutes, hours, days); a month or more
 * shows the date itself, which reads better than "45 days ago".
 */
export function relativeTime(iso: string | null | undefined, now: Date): string {
  if (!iso) return '—';
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '—';
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < minute) return 'Just now';
  if (elapsed < hour) return plural(Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return plural(Math.floor(elapsed / hour), 'hour');
  if (elapsed < 30 * day) return plural(Math.floor(elapsed / day), 'day');
  return formatDate(iso);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** 'partially_shipped' -> 'Partially shipped'. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}

const knownStatuses = new Set([
  'pending',
  'processing',
  'shipped',
  'partially_shipped',
  'delivered',
  'cancelled',
]);

/** spec 000 §4: the known statuses have their own colour, any other value a neutral one. */
export function statusTone(status: string): string {
  return knownStatuses.has(status) ? status : 'other';
}

/** spec 000 §2: the SHIP action is hidden for orders that are shipped or delivered. */
export function canShip(status: string): boolean {
  return status !== 'shipped' && status !== 'delivered';
}

/** A money amount; the spec shows prices with £ (and $ elsewhere): this product's prices are in £. */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `£${value.toFixed(2)}`;
}

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
