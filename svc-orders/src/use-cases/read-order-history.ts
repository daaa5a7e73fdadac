import type { Connection } from 'mongoose';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import { historyNewestFirst } from '../domain/order-history.js';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { orderMessages } from './change-order.js';

/** The latest changes of one of the seller's orders, newest first. */
export async function readOrderHistory(db: Connection, accountId: string, orderNumber: string) {
  const entry = await forAccount(trackingEntryModel(db), accountId)
    .findOne({ orderNumber })
    .select({ history: 1 })
    .lean<Pick<TrackingEntryDocument, 'history'>>();
  if (!entry) throw notFound(orderMessages.notFound(orderNumber));
  return { history: historyNewestFirst(entry.history) };
}
