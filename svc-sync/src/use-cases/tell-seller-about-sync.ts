import { forAccount } from '@onvelope/service-kit/mongo';
import { connectionModel, type ConnectionDocument } from '../data/connection.model.js';
import type { SyncJobDocument } from '../data/sync-job.model.js';
import type { SyncDeps } from './store-front-access.js';

type NoticeDeps = Pick<SyncDeps, 'db' | 'notices'>;

/** One message per failed job (issue 34), however often its failure is handled. */
export const syncFailedNoticeId = (jobId: string) => `sync:failed:${jobId}`;

/**
 * One message per connection and authorisation: when the seller authorised the store (connect or
 * reconnect) names it. Connections authorised before `authorizedAt` was recorded fall back to their
 * creation; their next authorisation records it.
 */
export const authorizationExpiredNoticeId = (
  connection: Pick<ConnectionDocument, '_id' | 'authorizedAt' | 'createdAt'>,
) =>
  `sync:auth_expired:${String(connection._id)}:${(connection.authorizedAt ?? connection.createdAt).toISOString()}`;

/**
 * Asks svc-notify to tell the seller that a sync stopped for good, with the store's name (when the
 * connection still exists) and the reason stored with the failure. A job failed without one (the
 * seller disconnected the store, the authorisation expired: that has its own message) asks nothing.
 */
export async function askAboutFailedSync(
  deps: NoticeDeps,
  job: Pick<SyncJobDocument, '_id' | 'accountId' | 'connectionId' | 'noticeReason'>,
) {
  if (!job.noticeReason) return;
  const connection = /^[a-f0-9]{24}$/i.test(job.connectionId)
    ? await forAccount(connectionModel(deps.db), job.accountId)
        .findById(job.connectionId)
        .select({ storeName: 1 })
        .lean<Pick<ConnectionDocument, 'storeName'>>()
    : null;
  await deps.notices.request(job.accountId, syncFailedNoticeId(String(job._id)), {
    kind: 'sync_failed',
    storeName: connection?.storeName ?? null,
    reason: job.noticeReason,
  });
}

/** Asks svc-notify to tell the seller that the store-front refused the connection's authorisation. */
export async function askAboutExpiredAuthorization(
  deps: NoticeDeps,
  connection: ConnectionDocument,
) {
  await deps.notices.request(connection.accountId, authorizationExpiredNoticeId(connection), {
    kind: 'store_authorization_expired',
    storeName: connection.storeName,
  });
}
