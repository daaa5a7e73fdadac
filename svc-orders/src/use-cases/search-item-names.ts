import type { Connection } from 'mongoose';
import { forAccount } from '@onvelope/service-kit/mongo';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import { itemNamesOf } from '../domain/keyword-rules.js';
import { escapeRegExp } from '../domain/text-pattern.js';

export const MAX_ITEM_SUGGESTIONS = 20;
// Suggestions must come back while the seller types (300 ms debounce), so the search reads a
// bounded number of the newest matching orders rather than the whole account.
const MAX_ORDERS_READ = 2_000;
const ENOUGH_CANDIDATES = 200;

/**
 * Item names already seen in the seller's orders (Items text and product names) that contain `q`,
 * ignoring case: names starting with `q` first, then alphabetical; at most 20.
 */
export async function searchItemNames(
  db: Connection,
  accountId: string,
  q: string,
): Promise<string[]> {
  const term = q.trim().toLowerCase();
  if (!term) return [];
  const pattern = new RegExp(escapeRegExp(term), 'i');
  const cursor = forAccount(trackingEntryModel(db), accountId)
    .find({ $or: [{ items: pattern }, { productName: pattern }] })
    .select({ items: 1, productName: 1 })
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_ORDERS_READ)
    .lean<{ items?: string | null; productName?: string | null }[]>()
    .cursor({ batchSize: 500 });

  // Keyed by lower case so 'Gift Wrap' and 'gift wrap' are one suggestion (the newest spelling).
  const names = new Map<string, string>();
  try {
    for await (const doc of cursor) {
      for (const name of [...itemNamesOf(doc.items), ...itemNamesOf(doc.productName)]) {
        const key = name.toLowerCase();
        if (key.includes(term) && !names.has(key)) names.set(key, name);
      }
      if (names.size >= ENOUGH_CANDIDATES) break;
    }
  } finally {
    await cursor.close();
  }

  return [...names.entries()]
    .sort(
      ([a], [b]) => Number(b.startsWith(term)) - Number(a.startsWith(term)) || a.localeCompare(b),
    )
    .slice(0, MAX_ITEM_SUGGESTIONS)
    .map(([, name]) => name);
}
