import { getSyncProgress, getSyncStatus, startFullSync, syncOrders } from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { checkSyncStatus } from '../use-cases/check-sync-status.js';
import { readSyncProgress } from '../use-cases/read-sync-progress.js';
import { startFullSync as startFull, syncNow } from '../use-cases/start-sync.js';
import type { SyncDeps } from '../use-cases/store-front-access.js';

/** Sync status, start, progress and the waited-for incremental sync (spec 000 §3, §4, §7). */
export function registerSyncRoutes(routes: ServiceRoutes, deps: SyncDeps) {
  routes.handle(getSyncStatus, async (ctx, { params }) => {
    ctx.set('cache-control', 'no-store');
    return checkSyncStatus(deps, callerOf(ctx).accountId, params.id);
  });

  routes.handle(startFullSync, async (ctx, { params }) => {
    const started = await startFull(deps, callerOf(ctx).accountId, params.id);
    ctx.status = started.alreadyRunning ? 200 : 202;
    return started;
  });

  routes.handle(getSyncProgress, async (ctx, { params }) => {
    ctx.set('cache-control', 'no-store');
    return readSyncProgress(deps, callerOf(ctx).accountId, params.id);
  });

  routes.handle(syncOrders, async (ctx, { params }) => {
    const { finished, result } = await syncNow(deps, callerOf(ctx).accountId, params.id);
    // Still running past the wait: 202 with the counts so far; progress polling takes over.
    ctx.status = finished ? 200 : 202;
    return result;
  });
}
