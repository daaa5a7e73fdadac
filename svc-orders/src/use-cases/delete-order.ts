import type { Connection } from 'mongoose';
import { notFound } from '@onvelope/service-kit/errors';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import { orderMessages } from './change-order.js';
import { deleteEntries } from './clear-orders.js';

/**
 * Deletes one of the seller's orders (issue 38 item 6: a template's sample row imported as an
 * order), as clearing data deletes: announced through the outbox, so analytics and notifications
 * forget it. Its buyers' claims go the way of any deleted order's (dropped when the buyer next
 * lists them); its buyer queries stay in the seller's inbox.
 */
export async function deleteOrder(db: Connection, accountId: string, orderNumber: string) {
  const deletedCount = await deleteEntries(trackingEntryModel(db), accountId, { orderNumber });
  if (!deletedCount) throw notFound(orderMessages.notFound(orderNumber));
  return { message: `Order ${orderNumber} deleted`, deletedCount };
}
