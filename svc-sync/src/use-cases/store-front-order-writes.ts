import type { ConnectionDocument } from '../data/connection.model.js';
import { StoreFrontError, type StoreFrontAuth } from '../data/store-front-client.js';
import {
  accessOf,
  connectionsOf,
  markAuthorizationExpired,
  syncMessages,
  type SyncDeps,
} from './store-front-access.js';

export const storeFrontOrderMessages = {
  notFound: 'Order not found in the BigCartel store',
} as const;

/**
 * Changes one order at the store-front through the order's own connection, else the seller's
 * active one, and answers whether the store-front took it, and why not (`refused` names the
 * change). A revoked authorisation marks the connection expired.
 */
export async function writeToStoreFront(
  deps: SyncDeps,
  order: { accountId: string; connectionId: string | null; orderNumber: string },
  refused: string,
  write: (auth: StoreFrontAuth) => Promise<void>,
): Promise<{ updated: boolean; reason?: string }> {
  const connections = connectionsOf(deps, order.accountId);
  const connection =
    order.connectionId && /^[a-f0-9]{24}$/i.test(order.connectionId)
      ? await connections.findById(order.connectionId).lean<ConnectionDocument>()
      : await connections
          .findOne({ isActive: true })
          .sort({ updatedAt: -1 })
          .lean<ConnectionDocument>();
  if (!connection || !connection.isActive || !connection.accessToken) {
    return { updated: false, reason: syncMessages.noConnection };
  }
  try {
    await write(accessOf(deps, connection));
    return { updated: true };
  } catch (error) {
    if (!(error instanceof StoreFrontError)) throw error;
    deps.log.warn({ err: error, orderNumber: order.orderNumber }, `${refused} (store-front)`);
    if (error.kind === 'unauthorized') {
      await markAuthorizationExpired(deps, connection);
      return { updated: false, reason: syncMessages.authExpired };
    }
    if (error.kind === 'not_found')
      return { updated: false, reason: storeFrontOrderMessages.notFound };
    return { updated: false, reason: `${refused}: ${error.message}` };
  }
}
