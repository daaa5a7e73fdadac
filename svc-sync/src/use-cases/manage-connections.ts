import type { z } from 'zod';
import {
  deleteStoreFrontOrders,
  type clearStoreFrontDataResponse,
  type connectionsResponse,
  type disconnectResponse,
} from '@onvelope/contracts';
import { HttpError } from '@onvelope/service-kit/errors';
import { requestCommand } from '@onvelope/service-kit/nats';
import { toStoreFrontConnection, type ConnectionDocument } from '../data/connection.model.js';
import {
  connectionOf,
  connectionsOf,
  jobsOf,
  syncMessages,
  type SyncDeps,
} from './store-front-access.js';

/** GET /api/bigcartel/connections: every store the seller connected, active or not. */
export async function listConnections(
  deps: SyncDeps,
  accountId: string,
): Promise<z.infer<typeof connectionsResponse>> {
  const docs = await connectionsOf(deps, accountId)
    .find()
    .sort({ createdAt: 1, _id: 1 })
    .lean<ConnectionDocument[]>();
  return { connections: docs.map(toStoreFrontConnection) };
}

/**
 * DELETE /api/bigcartel/disconnect/{id} (and /connections/{id}): revokes our access at the
 * store-front, forgets the token and marks the connection inactive; a running sync stops. The
 * synced orders stay (they may carry the seller's own shipping details); "clear store-front data"
 * removes them. See the README.
 */
export async function disconnectStore(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
): Promise<z.infer<typeof disconnectResponse>> {
  const connection = await connectionOf(deps, accountId, connectionId);
  if (connection.isActive) {
    try {
      await deps.client.deauthorize(connection.storeAccountId);
    } catch (error) {
      // Our side forgets the token either way; the seller can also revoke the app at Big Cartel.
      deps.log.warn({ err: error, connectionId }, 'deauthorising at the store-front failed');
    }
  }
  await connectionsOf(deps, accountId).updateOne(
    { _id: connection._id },
    { $set: { isActive: false, accessToken: null, disconnectedAt: new Date() } },
  );
  await jobsOf(deps, accountId).updateOne(
    { activeKey: connectionId },
    {
      $set: {
        status: 'failed',
        'progress.phase': 'failed',
        error: syncMessages.disconnected,
        finishedAt: new Date(),
        'lease.owner': null,
        'lease.until': null,
      },
      $unset: { activeKey: 1 },
    },
  );
  return {
    message: `Disconnected ${connection.storeName}; its synced orders were kept`,
    removedOrders: 0,
  };
}

/**
 * DELETE /api/bigcartel/clear-all-data: removes the seller's store-front orders (in svc-orders) and
 * the sync history; connections stay, and their next sync is a first sync again.
 */
export async function clearStoreFrontData(
  deps: SyncDeps,
  accountId: string,
): Promise<z.infer<typeof clearStoreFrontDataResponse>> {
  const { deleted } = await requestCommand(
    deps.nats,
    deleteStoreFrontOrders,
    { accountId, connectionId: null },
    60_000,
  ).catch(() => {
    throw new HttpError(503, syncMessages.ordersServiceDown);
  });
  const jobs = await jobsOf(deps, accountId).deleteMany({});
  await connectionsOf(deps, accountId).updateMany(
    {},
    { $set: { lastSyncAt: null, syncedThrough: null } },
  );
  return {
    message: `Deleted ${deleted} store-front orders and ${jobs.deletedCount} sync records`,
    deletedOrders: deleted,
    deletedJobs: jobs.deletedCount,
  };
}
