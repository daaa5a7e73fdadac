import type { Connection } from 'mongoose';
import { storeFrontMessages } from '@onvelope/contracts';
import { forAccount, HttpError, type Logger, type NatsConnection } from '@onvelope/service-kit';
import { connectionModel, type ConnectionDocument } from '../data/connection.model.js';
import type { StoreFrontAuth, StoreFrontClient } from '../data/store-front-client.js';
import { syncJobModel } from '../data/sync-job.model.js';
import { openToken } from '../domain/token-cipher.js';
import type { JobQueueSettings } from '../events/sync-job-queue.js';

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
  /** `sync_jobs_total{outcome}` on /metrics: jobs that completed or failed. */
  finishedJobs: { inc(labels: { outcome: 'completed' | 'failed' }): void };
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
    accessToken: openToken(deps.tokenKey, connection.accessToken, String(connection._id)),
    storeAccountId: connection.storeAccountId,
  };
}

/**
 * The store-front refused our token (the seller revoked the app, or it expired): the connection is
 * inactive until the seller reconnects, and says why.
 */
export async function markAuthorizationExpired(deps: SyncDeps, connection: ConnectionDocument) {
  await connectionsOf(deps, connection.accountId).updateOne(
    { _id: connection._id },
    { $set: { isActive: false, accessToken: null, lastSyncError: syncMessages.authExpired } },
  );
}
