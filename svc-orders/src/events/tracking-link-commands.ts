import mongoose from 'mongoose';
import { getBuyerTrackingLink } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { serveCommand } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import type { BuyerDeps } from '../use-cases/buyer-deps.js';
import { trackingLinkOf } from '../use-cases/tracking-links.js';
import { ORDERS_QUEUE_GROUP } from './queue-group.js';

/**
 * What svc-notify asks before it mails a buyer (issue 34): the signed link of the order's tracking
 * page, which only svc-orders can sign. Only an order of the account asked about is answered.
 */
export function serveTrackingLinkCommands(
  deps: Pick<BuyerDeps, 'db' | 'nats' | 'log' | 'now' | 'settings'>,
) {
  return serveCommand(
    deps.nats,
    getBuyerTrackingLink,
    ORDERS_QUEUE_GROUP,
    async ({ accountId, entryId }) => {
      const entry = mongoose.isValidObjectId(entryId)
        ? await forAccount(trackingEntryModel(deps.db), accountId)
            .findById(entryId)
            .select({ _id: 1, accountId: 1 })
            .lean<Pick<TrackingEntryDocument, '_id' | 'accountId'>>()
        : null;
      if (!entry) throw notFound('Order not found');
      return { url: await trackingLinkOf(deps, entry) };
    },
    deps.log,
  );
}
