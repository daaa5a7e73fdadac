import type { z } from 'zod';
import { countStoreFrontOrders, type syncStatusResponse } from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import { requestCommand } from '@onvelope/service-kit/nats';
import { StoreFrontError } from '../data/store-front-client.js';
import {
  accessOf,
  connectionOf,
  markAuthorizationExpired,
  syncMessages,
  type SyncDeps,
} from './store-front-access.js';

/**
 * GET .../sync-status (spec 000 §3 "Sync status", §4 "Sync"): a first sync (nothing synced yet)
 * is confirmed by the seller with the store-front's order count against the orders already here.
 */
export async function checkSyncStatus(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
): Promise<z.infer<typeof syncStatusResponse>> {
  const connection = await connectionOf(deps, accountId, connectionId);
  const auth = accessOf(deps, connection);
  const [estimatedApiOrders, stored] = await Promise.all([
    deps.client.countOrders(auth).catch(async (error: unknown) => {
      if (error instanceof StoreFrontError && error.kind === 'unauthorized') {
        await markAuthorizationExpired(deps, connection);
        throw new HttpError(409, syncMessages.authExpired);
      }
      if (error instanceof StoreFrontError) throw new HttpError(502, syncMessages.storeFrontDown);
      throw error;
    }),
    requestCommand(deps.nats, countStoreFrontOrders, { accountId, connectionId }).catch(() => {
      throw new HttpError(503, syncMessages.ordersServiceDown);
    }),
  ]);
  const isFirstSync = connection.lastSyncAt === null || connection.syncedThrough === null;
  return {
    isFirstSync,
    syncRecommendation: isFirstSync ? 'full' : 'incremental',
    storeName: connection.storeName,
    estimatedApiOrders,
    ordersInDatabase: stored.count,
  };
}
