import type { Connection } from 'mongoose';
import type { z } from 'zod';
import {
  storeFrontCorrection,
  type StoreFrontCorrection,
  type TrackingEntryEdit,
  type trackingEntryResponse,
} from '@onvelope/contracts';
import type { EntryFields } from '../data/tracking-entry-writes.js';
import { trackingEntryWrites } from '../data/tracking-entry-writes.js';
import { toTrackingEntry, trackingEntryModel } from '../data/tracking-entry.model.js';
import { changeSellersOrder } from './change-order.js';
import { correctAtStoreFront, type StoreFrontWriteDeps } from './store-front-writes.js';

export const editMessages = {
  saved: (orderNumber: string) => `Order ${orderNumber} saved`,
  storeFrontUpdated: 'BigCartel updated too',
  storeFrontNotUpdated:
    'BigCartel could not be updated, so its next sync may bring back the earlier details',
} as const;

/** What of an edit the store-front keeps too: buyer and address (`storeFrontCorrection`). */
function storeFrontPartOf(edit: TrackingEntryEdit): StoreFrontCorrection {
  const fields = Object.keys(storeFrontCorrection.shape).filter((field) => field in edit);
  return Object.fromEntries(
    fields.map((field) => [field, edit[field as keyof TrackingEntryEdit] ?? null]),
  ) as StoreFrontCorrection;
}

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
 * one writer, so the search text, the change event and the order's history follow. A store-front
 * order's new buyer and address go to the store-front too, so its next sync keeps them.
 */
export async function editOrder(
  deps: StoreFrontWriteDeps & { db: Connection },
  accountId: string,
  orderNumber: string,
  edit: TrackingEntryEdit,
): Promise<z.infer<typeof trackingEntryResponse>> {
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId, 'seller');
  const updated = await changeSellersOrder(entries, orderNumber, (current) =>
    fieldsOfEdit(edit, current),
  );
  const saved = { message: editMessages.saved(orderNumber), entry: toTrackingEntry(updated) };
  const storeFrontUpdated = await correctAtStoreFront(deps, updated, storeFrontPartOf(edit));
  if (storeFrontUpdated === undefined) return saved;
  const said = storeFrontUpdated
    ? editMessages.storeFrontUpdated
    : editMessages.storeFrontNotUpdated;
  return { ...saved, message: `${saved.message}; ${said}`, storeFrontUpdated };
}
