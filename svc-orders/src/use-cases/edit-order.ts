import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { TrackingEntryEdit, trackingEntryResponse } from '@onvelope/contracts';
import type { EntryFields } from '../data/tracking-entry-writes.js';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import { toTrackingEntry, trackingEntryModel } from '../data/tracking-entry.model.js';
import { changeSellersOrder } from './change-order.js';

export const editMessages = {
  saved: (orderNumber: string) => `Order ${orderNumber} saved`,
} as const;

/**
 * What an edit sets beside the fields sent: a new buyer name replaces the full name stored with
 * it (store-fronts send both), and new Items text replaces the lines a store-front sent, which
 * would otherwise still be what the order's items are read from (`lineItemsOf`).
 */
function fieldsOfEdit(
  edit: TrackingEntryEdit,
  current: { firstName?: string | null; lastName?: string | null },
): EntryFields {
  const set: EntryFields = { ...edit };
  if ('firstName' in edit || 'lastName' in edit) {
    const firstName = 'firstName' in edit ? edit.firstName : current.firstName;
    const lastName = 'lastName' in edit ? edit.lastName : current.lastName;
    set.customerName = [firstName, lastName].filter(Boolean).join(' ') || null;
  }
  if ('items' in edit) set.lineItems = null;
  return set;
}

/**
 * Edits one of the seller's orders: buyer, address, items, note (issue 38 item 6). Through the
 * one writer, so the search text, the change event and the order's history follow.
 */
export async function editOrder(
  db: Connection,
  accountId: string,
  orderNumber: string,
  edit: TrackingEntryEdit,
): Promise<z.infer<typeof trackingEntryResponse>> {
  const entries = trackingEntryWrites(trackingEntryModel(db), accountId, 'seller');
  const updated = await changeSellersOrder(entries, orderNumber, (current) =>
    fieldsOfEdit(edit, current),
  );
  return { message: editMessages.saved(orderNumber), entry: toTrackingEntry(updated) };
}
