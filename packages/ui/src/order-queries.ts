/**
 * What the seller's inbox and the buyer's portal both show of an order query (spec 000 §2 "Order
 * queries inbox", §3, §9; spec 001 §2 "Customer dashboard"). Pure functions, so both screens word
 * and count queries the same way.
 */

/** The statuses a query goes through (spec 000 §4): sent, then viewed, then resolved. */
export type OrderQueryStatus = 'sent' | 'viewed' | 'resolved';

const statusLabels: Record<OrderQueryStatus, string> = {
  sent: 'Pending',
  viewed: 'In Review',
  resolved: 'resolved',
};

/**
 * The label of a query status (spec 001 §2: sent shows as Pending, viewed as In Review, resolved as
 * resolved).
 *
 * @example queryStatusLabel('viewed') // 'In Review'
 */
export function queryStatusLabel(status: OrderQueryStatus): string {
  return statusLabels[status];
}

/** spec 000 §9: the list's message preview is cut at 100 characters. */
export const queryPreviewLength = 100;

/**
 * The message as the list shows it: the first 100 characters, then '...' when there was more.
 * Whitespace runs (line breaks) become one space, so a preview stays on its line.
 */
export function queryPreview(message: string, length: number = queryPreviewLength): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length).trimEnd()}...` : flat;
}

const productNameMarker = /product_name:\s*([^\n;|]*)/i;

/**
 * The items text of an order as a person reads it: a product name that follows a 'product_name:'
 * marker (spec 000 §3, spec 001 §2) is shown on its own; any other text as it is.
 *
 * @example orderItemsLabel('product_name: Blue Mug') // 'Blue Mug'
 */
export function orderItemsLabel(items: string | null | undefined): string | null {
  if (!items?.trim()) return null;
  const name = productNameMarker.exec(items)?.[1]?.trim();
  return name || items.trim();
}

/** A query the seller has not opened yet (status sent) counts as unread on the dashboard button. */
export function unreadQueryCount(queries: ReadonlyArray<{ status: OrderQueryStatus }>): number {
  return queries.filter((query) => query.status === 'sent').length;
}

/** Resolved queries stay hidden until the toggle is switched on (spec 000 §2, spec 001 §2). */
export function visibleQueries<Q extends { status: OrderQueryStatus }>(
  queries: readonly Q[],
  showResolved: boolean,
): Q[] {
  return showResolved ? [...queries] : queries.filter((query) => query.status !== 'resolved');
}
