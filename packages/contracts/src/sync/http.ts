import { routeOwnedBy } from '../route.js';

const route = routeOwnedBy('svc-sync');

export const connectStore = route(
  'GET',
  '/api/bigcartel/connect',
  'merchant',
  'spec-000',
  'Authorisation URL of the store-front',
);

export const storeFrontCallback = route(
  'GET',
  '/api/bigcartel/callback',
  'public',
  'implied',
  'Store-front OAuth return',
);

export const listConnections = route(
  'GET',
  '/api/bigcartel/connections',
  'merchant',
  'spec-000',
  'Store-front connections',
);

export const disconnectStore = route(
  'DELETE',
  '/api/bigcartel/disconnect/{id}',
  'merchant',
  'spec-000',
  'Disconnect a store',
);

export const deleteConnection = route(
  'DELETE',
  '/api/bigcartel/connections/{id}',
  'merchant',
  'spec-000',
  'Disconnect a store',
);

export const getSyncStatus = route(
  'GET',
  '/api/bigcartel/connections/{id}/sync-status',
  'merchant',
  'spec-000',
  'First-sync check',
);

export const startFullSync = route(
  'POST',
  '/api/bigcartel/connections/{id}/sync-all',
  'merchant',
  'spec-000',
  'Start a full sync',
);

export const getSyncProgress = route(
  'GET',
  '/api/bigcartel/connections/{id}/sync-progress',
  'merchant',
  'spec-000',
  'Sync progress',
);

export const syncOrders = route(
  'POST',
  '/api/bigcartel/connections/{id}/sync',
  'merchant',
  'spec-000',
  'Incremental sync',
);

export const clearStoreFrontData = route(
  'DELETE',
  '/api/bigcartel/clear-all-data',
  'merchant',
  'spec-000',
  'Delete store-front data',
);

/** Every svc-sync call, each also exported by name. */
export const syncRoutes = [
  connectStore,
  storeFrontCallback,
  listConnections,
  disconnectStore,
  deleteConnection,
  getSyncStatus,
  startFullSync,
  getSyncProgress,
  syncOrders,
  clearStoreFrontData,
];
