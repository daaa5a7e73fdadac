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
  {
    schemas: { query: callbackQuery },
    status: 302,
    description:
      'Store-front OAuth return: stores the connection and redirects the browser back to the workspace.',
  },
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
  {
    schemas: { params: connectionIdParams, response: syncStatusResponse },
    docs: { errors: [409] },
  },
);

export const startFullSync = route(
  'POST',
  '/api/bigcartel/connections/{id}/sync-all',
  'merchant',
  'spec-000',
  'Start a full sync',
  {
    schemas: { params: connectionIdParams, response: startSyncResponse },
    status: [202, 200],
    description: 'Start a full sync: 202 when it starts, 200 with the one already running.',
    docs: { errors: [409] },
  },
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
  {
    schemas: { params: connectionIdParams, response: syncResultResponse },
    status: [200, 202],
    description:
      'Incremental sync: 200 with the counts once it finished within the wait, 202 with the counts so far while it goes on (then poll its progress).',
    docs: { errors: [409] },
  },
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
