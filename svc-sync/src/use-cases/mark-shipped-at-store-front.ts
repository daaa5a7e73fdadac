import type { RequestOf, ReplyOf, markShippedAtStoreFront } from '@onvelope/contracts';
import type { ConnectionDocument } from '../data/connection.model.js';
import { StoreFrontError } from '../data/store-front-client.js';
import {
  accessOf,
  connectionsOf,
  markAuthorizationExpired,
  syncMessages,
  type SyncDeps,
} from './store-front-access.js';

export const shipMessages = {
  notFound: 'Order not found in the BigCartel store',
  refused: 'BigCartel did not accept the shipment',
} as const;

/**
 * `sync.markShipped` (asked by svc-orders when the seller ships a store-front order): records a
 * shipment with carrier, tracking number and URL at the store-front and leaves the order shipped
 * there. The order's own connection is used, else the seller's active connection. Answers whether
 * the store-front accepted it, and why not.
 */
export async function markShippedAtStore(
  deps: SyncDeps,
  request: RequestOf<typeof markShippedAtStoreFront>,
): Promise<ReplyOf<typeof markShippedAtStoreFront>> {
  const connections = connectionsOf(deps, request.accountId);
  const connection =
    request.connectionId && /^[a-f0-9]{24}$/i.test(request.connectionId)
      ? await connections.findById(request.connectionId).lean<ConnectionDocument>()
      : await connections
          .findOne({ isActive: true })
          .sort({ updatedAt: -1 })
          .lean<ConnectionDocument>();
  if (!connection || !connection.isActive || !connection.accessToken) {
    return { updated: false, reason: syncMessages.noConnection };
  }
  try {
    await deps.client.markShipped(accessOf(deps, connection), request.externalId, {
      carrier: request.courier,
      trackingNumber: request.trackingNumber,
      trackingUrl: request.trackingUrl,
    });
    return { updated: true };
  } catch (error) {
    if (!(error instanceof StoreFrontError)) throw error;
    deps.log.warn({ err: error, orderNumber: request.orderNumber }, 'store-front shipment failed');
    if (error.kind === 'unauthorized') {
      await markAuthorizationExpired(deps, connection);
      return { updated: false, reason: syncMessages.authExpired };
    }
    if (error.kind === 'not_found') return { updated: false, reason: shipMessages.notFound };
    return { updated: false, reason: `${shipMessages.refused}: ${error.message}` };
  }
}
