import {
  clearStoreFrontData,
  connectStore,
  deleteConnection,
  disconnectStore,
  listConnections,
  storeFrontCallback,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import { completeConnection, connectUrl, type StateSettings } from '../use-cases/connect-store.js';
import {
  clearStoreFrontData as clearData,
  disconnectStore as disconnect,
  listConnections as list,
} from '../use-cases/manage-connections.js';
import type { SyncDeps } from '../use-cases/store-front-access.js';

/** Store-front connections (spec 000 §7, every `/api/bigcartel/*` call but the sync ones). */
export function registerConnectionRoutes(
  routes: ServiceRoutes,
  deps: SyncDeps,
  state: StateSettings,
  publicSiteUrl: string,
) {
  routes.handle(connectStore, async (ctx) => {
    const { accountId, userId } = callerOf(ctx);
    return connectUrl(deps, state, { accountId, userId });
  });

  routes.handle(storeFrontCallback, async (ctx, { query }) => {
    const outcome = await completeConnection(deps, state.secret, query);
    const target = new URL('/dashboard', publicSiteUrl);
    if ('error' in outcome) target.searchParams.set('error', outcome.error);
    else {
      target.searchParams.set('connected', 'true');
      target.searchParams.set('store', outcome.storeName);
    }
    ctx.set('cache-control', 'no-store');
    ctx.redirect(target.toString());
  });

  routes.handle(listConnections, async (ctx) => {
    ctx.set('cache-control', 'no-store');
    return list(deps, callerOf(ctx).accountId);
  });

  for (const route of [disconnectStore, deleteConnection]) {
    routes.handle(route, async (ctx, { params }) =>
      disconnect(deps, callerOf(ctx).accountId, params.id),
    );
  }

  routes.handle(clearStoreFrontData, async (ctx) => clearData(deps, callerOf(ctx).accountId));
}
