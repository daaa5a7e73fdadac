/**
 * spec 001 §2 and §4: the public page colours pending, processing, shipped, partially_shipped,
 * delivered and cancelled; any other status gets a neutral colour.
 */
const colouredStatuses = new Set([
  'pending',
  'processing',
  'shipped',
  'partially_shipped',
  'delivered',
  'cancelled',
]);

/** The colour class suffix of a status: the status itself when it has a colour, else 'other'. */
export function statusTone(status: string): string {
  return colouredStatuses.has(status) ? status : 'other';
}

/** 'partially_shipped' -> 'Partially shipped'. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}

/** spec 001 §9: dates in the buyer pages use the en-US format ('3/1/2026'); '' when unknown. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US');
}

/** A date with its time, en-US ('3/1/2026, 2:05:09 PM'), for replies and queries. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US');
}
