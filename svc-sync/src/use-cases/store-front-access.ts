import type { Connection } from 'mongoose';
import { storeFrontMessages } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { type NatsConnection } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import { type SellerNotices } from '@onvelope/service-kit/seller-notices';
import { openSealedText } from '@onvelope/service-kit/sealed-text';
import { connectionModel, type ConnectionDocument } from '../data/connection.model.js';
import type { StoreFrontAuth, StoreFrontClient } from '../data/store-front-client.js';
import { syncJobModel } from '../data/sync-job.model.js';
import type { JobQueueSettings } from '../events/sync-job-queue.js';
import { askAboutExpiredAuthorization } from './tell-seller-about-sync.js';
import type { SyncJobMetrics } from './sync-job-metrics.js';

export const syncMessages = {
  ...storeFrontMessages,
  authExpired: 'Your BigCartel authorization has expired. Please reconnect your store.',
  storeFrontDown: 'BigCartel is not answering right now. Please try again in a few minutes.',
  ordersServiceDown: 'Orders could not be saved right now. Please try again in a few minutes.',
  disconnected: 'The store was disconnected while it was syncing',
} as const;

/** What every use case of the service works with. */
export interface SyncDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  client: StoreFrontClient;
  tokenKey: Buffer;
  queue: JobQueueSettings;
  /** This replica, as it appears on the leases of the jobs it runs. */
  workerId: string;
  /** How long a job's lease holds without renewal (the work queue's ack wait). */
  leaseMs: number;
  pageLimit: number;
  syncWaitTimeoutMs: number;
  /** Jobs that ended, on /metrics (`sync-job-metrics.ts`). */
  jobMetrics: Pick<SyncJobMetrics, 'finished'>;
  /** Asks svc-notify to mail the seller (failed syncs, expired authorisations): issue 34. */
  notices: Pick<SellerNotices, 'request'>;
}

export const connectionsOf = (deps: SyncDeps, accountId: string) =>
  forAccount(connectionModel(deps.db), accountId);
export const jobsOf = (deps: SyncDeps, accountId: string) =>
  forAccount(syncJobModel(deps.db), accountId);

/** The seller's connection, or 404 with the spec's words (another seller's id is not found either). */
export async function connectionOf(
  deps: SyncDeps,
  accountId: string,
  connectionId: string,
): Promise<ConnectionDocument> {
  const found = /^[a-f0-9]{24}$/i.test(connectionId)
    ? await connectionsOf(deps, accountId).findById(connectionId).lean<ConnectionDocument>()
    : null;
  if (!found) throw new HttpError(404, syncMessages.noConnection);
  return found;
}

/** The access of an active connection; 409 when the seller has to connect (again) first. */
export function accessOf(deps: SyncDeps, connection: ConnectionDocument): StoreFrontAuth {
  if (!connection.isActive || !connection.accessToken) {
    throw new HttpError(409, connection.lastSyncError ?? syncMessages.noConnection);
  }
  return {
    accessToken: openSealedText(deps.tokenKey, connection.accessToken, String(connection._id)),
    storeAccountId: connection.storeAccountId,
  };
}

/**
 * The store-front refused our token (the seller revoked the app, or it expired): the seller is
 * told once for this authorisation (issue 34), and the connection is inactive until they
 * reconnect, saying why ('Your BigCartel authorization has expired. Please reconnect your store.'
 * on the connection, its failed job and the sync calls). Only the authorisation that was refused
 * is touched: a seller who reconnected meanwhile keeps the new one, and is not told.
 */
export async function markAuthorizationExpired(deps: SyncDeps, connection: ConnectionDocument) {
  const connections = connectionsOf(deps, connection.accountId);
  const refused = { _id: connection._id, accessToken: connection.accessToken };
  if (!(await connections.findOne(refused).select({ _id: 1 }).lean())) return;
  // Asked before the connection forgets the token: should this process die in between, the
  // connection is as it was, the next call meets the same refusal and asks again, and the notice
  // id (connection and authorisation) makes that one message.
  await askAboutExpiredAuthorization(deps, connection);
  await connections.updateOne(refused, {
    $set: { isActive: false, accessToken: null, lastSyncError: syncMessages.authExpired },
  });
}
