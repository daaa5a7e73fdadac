import { routeOwnedBy } from '../route.js';
import {
  callbackQuery,
  clearStoreFrontDataResponse,
  connectionIdParams,
  connectionsQuery,
  connectionsResponse,
  connectQuery,
  connectResponse,
  disconnectResponse,
  startSyncResponse,
  syncProgressResponse,
  syncResultResponse,
  syncStatusResponse,
} from './schemas.js';

const route = routeOwnedBy('svc-sync');

export const connectStore = route(
  'GET',
  '/api/bigcartel/connect',
  'merchant',
  'spec-000',
  'Authorisation URL of the store-front',
  { schemas: { query: connectQuery, response: connectResponse } },
);

export const storeFrontCallback = route(
  'GET',
  '/api/bigcartel/callback',
  'public',
  'implied',
  'Store-front OAuth return',
  { schemas: { query: callbackQuery } },
);

export const listConnections = route(
  'GET',
  '/api/bigcartel/connections',
  'merchant',
  'spec-000',
  'Store-front connections',
  {
    openWithoutSubscription: true,
    schemas: { query: connectionsQuery, response: connectionsResponse },
  },
);

export const disconnectStore = route(
  'DELETE',
  '/api/bigcartel/disconnect/{id}',
  'merchant',
  'spec-000',
  'Disconnect a store',
  {
    openWithoutSubscription: true,
    schemas: { params: connectionIdParams, response: disconnectResponse },
  },
);

export const deleteConnection = route(
  'DELETE',
  '/api/bigcartel/connections/{id}',
  'merchant',
  'spec-000',
  'Disconnect a store',
  {
    openWithoutSubscription: true,
    schemas: { params: connectionIdParams, response: disconnectResponse },
  },
);

export const getSyncStatus = route(
  'GET',
  '/api/bigcartel/connections/{id}/sync-status',
  'merchant',
  'spec-000',
  'First-sync check',
  { schemas: { params: connectionIdParams, response: syncStatusResponse } },
);

export const startFullSync = route(
  'POST',
  '/api/bigcartel/connections/{id}/sync-all',
  'merchant',
  'spec-000',
  'Start a full sync',
  { schemas: { params: connectionIdParams, response: startSyncResponse } },
);

export const getSyncProgress = route(
  'GET',
  '/api/bigcartel/connections/{id}/sync-progress',
  'merchant',
  'spec-000',
  'Sync progress',
  { schemas: { params: connectionIdParams, response: syncProgressResponse } },
);

export const syncOrders = route(
  'POST',
  '/api/bigcartel/connections/{id}/sync',
  'merchant',
  'spec-000',
  'Incremental sync',
  { schemas: { params: connectionIdParams, response: syncResultResponse } },
);

export const clearStoreFrontData = route(
  'DELETE',
  '/api/bigcartel/clear-all-data',
  'merchant',
  'spec-000',
  'Delete store-front data',
  { openWithoutSubscription: true, schemas: { response: clearStoreFrontDataResponse } },
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
